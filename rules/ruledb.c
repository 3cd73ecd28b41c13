/* Loading the rule database: one pass over each SQLite table into arrays and
 * open-addressing hash tables, so that the scanner's per-token lookups never touch
 * SQLite. Strings live in one arena freed with the database. */
#define _GNU_SOURCE
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ruledb_p.h"

const char *rl_arena_dup(RuleDb *db, const char *s) {
  if (!s)
    return NULL;
  size_t n = strlen(s) + 1;
  if (!db->arena || db->arena->cap - db->arena->used < n) {
    size_t cap = n > 65536 ? n : 65536;
    Chunk *c = cm_xmalloc(sizeof *c + cap);
    *c = (Chunk){.next = db->arena, .cap = cap};
    db->arena = c;
  }
  char *p = db->arena->data + db->arena->used;
  memcpy(p, s, n);
  db->arena->used += n;
  return p;
}

static size_t hash_str(const char *s, size_t n) {
  size_t h = 1469598103934665603u;  /* FNV-1a */
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211u;
  return h;
}

static void hash_init(Hash *h, size_t count) {
  size_t cap = 64;
  while (cap < count * 2)
    cap *= 2;
  h->slots = cm_xcalloc(cap, sizeof *h->slots);
  h->mask = cap - 1;
}

/* Finds the slot for a key: either empty or holding an equal key. */
static size_t *hash_slot(const Hash *h, const char *key, size_t n, const char *(*key_of)(const RuleDb *, size_t),
                         const RuleDb *db) {
  for (size_t i = hash_str(key, n) & h->mask;; i = (i + 1) & h->mask) {
    size_t *slot = &h->slots[i];
    if (!*slot)
      return slot;
    const char *k = key_of(db, *slot - 1);
    if (strncmp(k, key, n) == 0 && k[n] == '\0')
      return slot;
  }
}

static const char *rule_key(const RuleDb *db, size_t i) { return db->rules.items[i].cuda; }
static const char *header_key(const RuleDb *db, size_t i) { return db->headers.items[i].cuda; }

static Version col_version(sqlite3_stmt *st, int i) {
  return sqlite3_column_type(st, i) == SQLITE_NULL ? VERSION_NONE : (Version)sqlite3_column_int64(st, i);
}

static const char *col_text(RuleDb *db, sqlite3_stmt *st, int i) {
  return rl_arena_dup(db, (const char *)sqlite3_column_text(st, i));
}

/* A column the schema declares NOT NULL. A database whose schema was edited
 * can still hold NULL there: the row is marked bad and load() refuses the
 * file rather than let a reader compare or hash a NULL. */
static const char *col_need(RuleDb *db, sqlite3_stmt *st, int i) {
  const char *s = (const char *)sqlite3_column_text(st, i);
  db->bad_row |= !s;
  return s ? s : "";
}

static const char *col_need_dup(RuleDb *db, sqlite3_stmt *st, int i) { return rl_arena_dup(db, col_need(db, st, i)); }

static void read_rule(RuleDb *db, sqlite3_stmt *st) {
  Rule r = {
      .library = col_need_dup(db, st, 0),        .section = col_need_dup(db, st, 1),
      .cuda = col_need_dup(db, st, 2),           .hip = col_text(db, st, 4),
      .cuda_added = col_version(st, 5),      .cuda_deprecated = col_version(st, 6),
      .cuda_changed = col_version(st, 7),    .cuda_removed = col_version(st, 8),
      .hip_added = col_version(st, 9),       .hip_deprecated = col_version(st, 10),
      .hip_changed = col_version(st, 11),    .hip_removed = col_version(st, 12),
      .hip_experimental = col_version(st, 13), .backend = col_text(db, st, 14),
      .backend_name = col_text(db, st, 15),  .backend_added = col_version(st, 16),
      .backend_deprecated = col_version(st, 17), .backend_removed = col_version(st, 18),
  };
  if (!rl_kind_parse(col_need(db, st, 3), &r.kind))
    r.kind = RK_UNKNOWN;
  vec_push(&db->rules, r);
}

static void read_header(RuleDb *db, sqlite3_stmt *st) {
  HeaderRule h = {.cuda = col_need_dup(db, st, 0), .hip = col_text(db, st, 1), .roc = col_text(db, st, 2),
                  .library = col_need_dup(db, st, 3), .note = col_need_dup(db, st, 4),
                  .hipify = col_text(db, st, 5), .hipify_roc = col_text(db, st, 6)};
  vec_push(&db->headers, h);
}

static void read_hazard(RuleDb *db, sqlite3_stmt *st) {
  HazardRule h = {.pattern = col_need_dup(db, st, 2), .message = col_need_dup(db, st, 3),
                  .constant_message = col_need_dup(db, st, 4), .since = col_version(st, 5), .until = col_version(st, 6)};
  if (!rl_diag_by_code(col_need(db, st, 0), &h.diag))
    return; /* a code this binary does not know: a newer database; skip the rule */
  h.check = strcmp(col_need(db, st, 1), "ast") == 0 ? HC_AST : HC_PCRE;
  vec_push(&db->hazards, h);
}

static void read_warp(RuleDb *db, sqlite3_stmt *st) {
  WarpRewrite w = {.cuda = col_need_dup(db, st, 0), .native_since = col_version(st, 1), .legacy_name = col_need_dup(db, st, 2),
                   .mask_arg = sqlite3_column_int(st, 3), .legacy_args = col_need_dup(db, st, 4),
                   .enabled_by = col_need_dup(db, st, 5), .default_since = col_version(st, 6)};
  vec_push(&db->warp, w);
}

static void read_member_wrap(RuleDb *db, sqlite3_stmt *st) {
  MemberWrap w = {col_need_dup(db, st, 0), col_need_dup(db, st, 1), col_need_dup(db, st, 2), col_need_dup(db, st, 3)};
  vec_push(&db->member_wraps, w);
}

static void read_member_order(RuleDb *db, sqlite3_stmt *st) {
  MemberOrder m = {.cuda_type = col_need_dup(db, st, 0), .until = col_version(st, 1), .members = col_need_dup(db, st, 2),
                   .hip_members = col_need_dup(db, st, 3)};
  vec_push(&db->members, m);
}

static void read_hint(RuleDb *db, sqlite3_stmt *st) {
  CacheHint h = {.cuda = col_need_dup(db, st, 0), .scalar_form = col_need_dup(db, st, 1), .other_form = col_need_dup(db, st, 2),
                 .hip_types = col_need_dup(db, st, 3), .hip_since = col_version(st, 4)};
  vec_push(&db->hints, h);
}

static void read_type_header(RuleDb *db, sqlite3_stmt *st) {
  MetaEntry m = {col_need_dup(db, st, 0), col_need_dup(db, st, 1)};
  vec_push(&db->type_headers, m);
}

static void read_signature(RuleDb *db, sqlite3_stmt *st) {
  Signature s = {.cuda = col_need_dup(db, st, 0), .cuda_params = (unsigned)sqlite3_column_int(st, 1),
                 .cuda_required = (unsigned)sqlite3_column_int(st, 2), .hip = col_need_dup(db, st, 3),
                 .hip_params = (unsigned)sqlite3_column_int(st, 4), .hip_required = (unsigned)sqlite3_column_int(st, 5),
                 .type_differs = sqlite3_column_type(st, 6) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 6),
                 .cuda_release = col_need_dup(db, st, 7), .hip_release = col_need_dup(db, st, 8),
                 .cuda_signature = col_need_dup(db, st, 9), .hip_signature = col_need_dup(db, st, 10)};
  vec_push(&db->signatures, s);
}

static void read_host_name(RuleDb *db, sqlite3_stmt *st) {
  MetaEntry m = {col_need_dup(db, st, 0), col_need_dup(db, st, 1)};
  vec_push(&db->host_names, m);
}

static void read_struct_name(RuleDb *db, sqlite3_stmt *st) {
  MetaEntry m = {col_need_dup(db, st, 0), col_need_dup(db, st, 1)};
  vec_push(&db->struct_names, m);
}

static void read_predefined_macro(RuleDb *db, sqlite3_stmt *st) {
  MetaEntry m = {col_need_dup(db, st, 0), col_need_dup(db, st, 1)};
  vec_push(&db->predefined_macros, m);
}

static void read_std_header(RuleDb *db, sqlite3_stmt *st) {
  MetaEntry m = {col_need_dup(db, st, 0), col_need_dup(db, st, 1)};
  vec_push(&db->std_headers, m);
}

static void read_call_result(RuleDb *db, sqlite3_stmt *st) {
  MetaEntry m = {col_need_dup(db, st, 0), col_need_dup(db, st, 1)};
  vec_push(&db->call_results, m);
}

static void read_result_cast(RuleDb *db, sqlite3_stmt *st) {
  MetaEntry m = {col_need_dup(db, st, 0), col_need_dup(db, st, 1)};
  vec_push(&db->result_casts, m);
}

static void read_legacy_header(RuleDb *db, sqlite3_stmt *st) {
  LegacyHeader h = {col_need_dup(db, st, 0), col_need_dup(db, st, 1), col_need_dup(db, st, 2)};
  vec_push(&db->legacy_headers, h);
}

static void read_parse_weight(RuleDb *db, sqlite3_stmt *st) {
  ParseWeight w = {col_need_dup(db, st, 0), (unsigned)sqlite3_column_int(st, 1)};
  vec_push(&db->parse_weights, w);
}

static void read_meta(RuleDb *db, sqlite3_stmt *st) {
  MetaEntry m = {col_need_dup(db, st, 0), col_need_dup(db, st, 1)};
  vec_push(&db->meta, m);
}

static void read_library(RuleDb *db, sqlite3_stmt *st) {
  Library l = {col_need_dup(db, st, 0), col_need_dup(db, st, 1), col_text(db, st, 2)};
  vec_push(&db->libraries, l);
}

/* The effort a database gives a diagnostic wins over the compiled table's, so
 * that calibrating the weights needs no rebuild of hipport itself. */
static void read_diagnostic(RuleDb *db, sqlite3_stmt *st) {
  static const char *per[] = {[EP_USE] = "use", [EP_API] = "api", [EP_FILE] = "file"};
  Diag d;
  if (!rl_diag_by_code(col_need(db, st, 0), &d))
    return; /* a code this binary does not know */
  db->diags[d].effort_hours = sqlite3_column_double(st, 1);
  for (int p = EP_USE; p <= EP_FILE; p++)
    if (strcmp(col_need(db, st, 2), per[p]) == 0)
      db->diags[d].per = (EffortPer)p;
}

/* Earlier names come grouped by rule and oldest first (ORDER BY in load). */
static void read_earlier(RuleDb *db, sqlite3_stmt *st) {
  HipName h = {.hip = col_need_dup(db, st, 2), .added = col_version(st, 3), .until = col_version(st, 4)};
  vec_push(&db->earlier, h);
  vec_push(&db->earlier_keys, ((RuleKey){col_need_dup(db, st, 0), col_need_dup(db, st, 1)}));
}

static Rule *rule_of(RuleDb *db, const char *library, const char *cuda) {
  for (const Rule *r = rl_lookup(db, cuda, strlen(cuda)); r; r = rl_lookup_next(db, r))
    if (strcmp(r->library, library) == 0)
      return (Rule *)r;
  return NULL;
}

/* The earlier names are final in memory: each rule points at its run of them. */
static void attach_earlier(RuleDb *db) {
  for (size_t i = 0; i < db->earlier.len; i++) {
    Rule *r = rule_of(db, db->earlier_keys.items[i].library, db->earlier_keys.items[i].cuda);
    if (r && !r->earlier)
      r->earlier = &db->earlier.items[i];
    if (r)
      r->nearlier++;
  }
  vec_free(&db->earlier_keys);
}

static void read_cast(RuleDb *db, sqlite3_stmt *st) {
  ArgCast c = {.cuda = col_need_dup(db, st, 0), .arg = (unsigned)sqlite3_column_int(st, 1),
               .wrapper = col_need_dup(db, st, 2), .mode = (RuleMode)sqlite3_column_int(st, 3)};
  vec_push(&db->casts, c);
}

static void read_default(RuleDb *db, sqlite3_stmt *st) {
  DefaultArg d = {.cuda = col_need_dup(db, st, 0), .arg = (unsigned)sqlite3_column_int(st, 1), .value = col_need_dup(db, st, 2),
                  .mode = (RuleMode)sqlite3_column_int(st, 3)};
  vec_push(&db->defaults, d);
}

static void read_overload(RuleDb *db, sqlite3_stmt *st) {
  Overload o = {.cuda = col_need_dup(db, st, 0), .params = sqlite3_column_int(st, 1), .as = col_need_dup(db, st, 2)};
  vec_push(&db->overloads, o);
}

static void read_hipify_roc_name(RuleDb *db, sqlite3_stmt *st) {
  HipifyRocName n = {col_need_dup(db, st, 0), col_need_dup(db, st, 1),
                     strcmp(col_need(db, st, 2), "miopen") == 0};
  vec_push(&db->hipify_roc_names, n);
}

static void read_hipify_type(RuleDb *db, sqlite3_stmt *st) {
  HipifyType t = {col_need_dup(db, st, 0), col_need_dup(db, st, 1), col_need_dup(db, st, 2), col_need_dup(db, st, 3)};
  vec_push(&db->hipify_types, t);
}

/* The index of `name` in names[n]; a name the schema's CHECK would have
 * refused marks the row bad. */
static int name_index(RuleDb *db, const char *const *names, int n, const char *name) {
  int i = 0;
  while (i < n && strcmp(names[i], name) != 0)
    i++;
  db->bad_row |= i == n;
  return i < n ? i : 0;
}

static void read_arg_edit(RuleDb *db, sqlite3_stmt *st) {
  /* ORDER ARG_EDIT */
  static const char *const edits[] = {"insert", "remove", "replace", "copy", "move", "wrap"};
  static const char *const backends[] = {"hip", "roc"};
  ArgEdit e = {.cuda = col_need_dup(db, st, 0), .roc = name_index(db, backends, 2, col_need(db, st, 1)) == 1,
               .arg = (unsigned)sqlite3_column_int(st, 2),
               .edit = (ArgEditKind)name_index(db, edits, 6, col_need(db, st, 3)),
               .value = col_need_dup(db, st, 4), .dest = (unsigned)sqlite3_column_int(st, 5),
               .count = (unsigned)sqlite3_column_int(st, 6), .data_loss = sqlite3_column_int(st, 7) != 0};
  vec_push(&db->arg_edits, e);
}

static void read_nvcc_option(RuleDb *db, sqlite3_stmt *st) {
  /* ORDER NVCC_ACTION */
  static const char *const actions[] = {"replace", "drop", "pass", "arch", "rdc", "glue", "xlang"};
  NvccOption o = {.option = col_need_dup(db, st, 0), .takes_value = sqlite3_column_int(st, 1) != 0,
                  .action = (NvccAction)name_index(db, actions, 7, col_need(db, st, 2)),
                  .hip = col_need_dup(db, st, 3), .why = col_need_dup(db, st, 4)};
  vec_push(&db->nvcc_options, o);
}

static void read_build_name(RuleDb *db, sqlite3_stmt *st) {
  /* ORDER BUILD_NAME_KIND */
  static const char *const kinds[] = {"rename", "library", "note",     "command", "wrapper",
                                      "package", "prefix",  "cuda_path", "compiler", "flags",
                                      "host_compiler"};
  BuildName b = {.system = strcmp(col_need(db, st, 0), "make") == 0 ? BS_MAKE : BS_CMAKE,
                 .cuda = col_need_dup(db, st, 1),
                 .kind = (BuildNameKind)name_index(db, kinds, sizeof kinds / sizeof *kinds, col_need(db, st, 2)),
                 .hip = col_need_dup(db, st, 3), .why = col_need_dup(db, st, 4)};
  vec_push(&db->build_names, b);
}

static void read_cuda_library(RuleDb *db, sqlite3_stmt *st) {
  CudaLibrary l = {col_need_dup(db, st, 0), col_need_dup(db, st, 1), col_need_dup(db, st, 2), col_need_dup(db, st, 3),
                   col_need_dup(db, st, 4), col_need_dup(db, st, 5), col_need_dup(db, st, 6)};
  vec_push(&db->cuda_libraries, l);
}

static void read_name_prefix(RuleDb *db, sqlite3_stmt *st) {
  NamePrefix p = {col_need_dup(db, st, 0), strcmp(col_need(db, st, 1), "upper") == 0};
  vec_push(&db->name_prefixes, p);
}

static void read_same_name_library(RuleDb *db, sqlite3_stmt *st) {
  SameNameLibrary l = {col_need_dup(db, st, 0)};
  vec_push(&db->same_name_libraries, l);
}

static void read_namespaced_library(RuleDb *db, sqlite3_stmt *st) {
  SameNameLibrary l = {col_need_dup(db, st, 0)};
  vec_push(&db->namespaced_libraries, l);
}

static void read_wide_mask(RuleDb *db, sqlite3_stmt *st) {
  WideMask m = {col_need_dup(db, st, 0)};
  vec_push(&db->wide_masks, m);
}

static void read_mark(RuleDb *db, sqlite3_stmt *st) {
  const char *file = col_need(db, st, 0);
  MarkFile kind = strcmp(file, "source") == 0 ? MF_SOURCE : strcmp(file, "hip") == 0 ? MF_HIP : MF_BUILD;
  Mark m = {col_need_dup(db, st, 1), kind};
  vec_push(&db->marks, m);
}

static void read_release(RuleDb *db, sqlite3_stmt *st) { vec_push(&db->releases, col_version(st, 0)); }

static Status query(RuleDb *db, sqlite3 *sq, const char *sql, void (*row)(RuleDb *, sqlite3_stmt *)) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(sq, sql, -1, &st, NULL) != SQLITE_OK)
    return cm_fail(ST_RULES, "%s", sqlite3_errmsg(sq));
  int rc;
  while (!db->bad_row && (rc = sqlite3_step(st)) == SQLITE_ROW)
    row(db, st);
  sqlite3_finalize(st);
  const char *table = strstr(sql, " FROM ") + 6;
  if (db->bad_row)
    return cm_fail(ST_RULES, "a row of table %.*s lacks a value its schema requires", (int)strcspn(table, " "), table);
  return rc == SQLITE_DONE ? ST_OK : cm_fail(ST_RULES, "%s", sqlite3_errmsg(sq));
}

/* Rules of one name chain in id order: the imported row before later libraries.
 * Headers: a later row of one name (a user's) wins. */
static void add_word(Words *w, const char *s, size_t n) {
  if (n)
    vec_push(w, cm_xstrndup(s, n));
}

/* Every word of s: a member hazard's pattern names types and members alike
 * (more words only make a reader more careful). */
static void add_words(Words *w, const char *s) {
  for (const char *p = s; *p;) {
    size_t n = 0;
    while (p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z') || (n && p[n] >= '0' && p[n] <= '9'))
      n++;
    add_word(w, p, n);
    p += n ? n : 1;
  }
}

/* Type.member into its two parts. */
static void add_member(RuleDb *db, const char *s) {
  const char *dot = strrchr(s, '.');
  if (dot) {
    add_word(&db->member_types, s, (size_t)(dot - s));
    add_word(&db->member_names, dot + 1, strlen(dot + 1));
  }
}

static int by_word(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void free_words(Words *w) {
  for (size_t i = 0; i < w->len; i++)
    free(w->items[i]);
  vec_free(w);
}

static void index_member_words(RuleDb *db) {
  free_words(&db->member_types);
  free_words(&db->member_names);
  for (size_t i = 0; i < db->rules.len; i++)
    if (db->rules.items[i].kind == RK_MEMBER)
      add_member(db, db->rules.items[i].cuda);
  for (size_t i = 0; i < db->member_wraps.len; i++)
    add_member(db, db->member_wraps.items[i].cuda_member);
  for (size_t i = 0; i < db->struct_names.len; i++) /* half2 stands for __half2 */
    add_word(&db->member_types, db->struct_names.items[i].key, strlen(db->struct_names.items[i].key));
  for (size_t i = 0; i < db->hazards.len; i++)
    if (db->hazards.items[i].check == HC_AST && strncmp(db->hazards.items[i].pattern, "member:", 7) == 0) {
      add_words(&db->member_types, db->hazards.items[i].pattern + 7);
      add_words(&db->member_names, db->hazards.items[i].pattern + 7);
    }
  vec_sort(&db->member_types, by_word);
  vec_sort(&db->member_names, by_word);
}

static bool has_word(const Words *w, const char *s, size_t n) {
  char *key = cm_xstrndup(s, n);
  bool found = w->len && bsearch(&key, w->items, w->len, sizeof key, by_word) != NULL;
  free(key);
  return found;
}

bool rl_member_type(const RuleDb *db, const char *s, size_t n) { return has_word(&db->member_types, s, n); }
bool rl_member_name(const RuleDb *db, const char *s, size_t n) { return has_word(&db->member_names, s, n); }

void rl_index(RuleDb *db) {
  index_member_words(db);
  free(db->by_name.slots);
  free(db->by_header.slots);
  free(db->next_same);
  hash_init(&db->by_name, db->rules.len);
  db->next_same = cm_xcalloc(db->rules.len, sizeof *db->next_same);
  for (size_t i = db->rules.len; i-- > 0;) {
    const char *name = db->rules.items[i].cuda;
    size_t *slot = hash_slot(&db->by_name, name, strlen(name), rule_key, db);
    db->next_same[i] = *slot;
    *slot = i + 1;
  }
  hash_init(&db->by_header, db->headers.len);
  for (size_t i = 0; i < db->headers.len; i++) {
    const char *name = db->headers.items[i].cuda;
    *hash_slot(&db->by_header, name, strlen(name), header_key, db) = i + 1;
  }
}

static Status load(RuleDb *db, sqlite3 *sq) {
  Status st;
  if ((st = query(db, sq,
                  "SELECT library, section, cuda_name, kind, hip_name, cuda_added, cuda_deprecated,"
                  " cuda_changed, cuda_removed, hip_added, hip_deprecated, hip_changed, hip_removed,"
                  " hip_experimental, backend, backend_name, backend_added, backend_deprecated,"
                  " backend_removed FROM api ORDER BY id",
                  read_rule)))
    return st;
  if ((st = query(db, sq, "SELECT cuda_header, hip_header, roc_header, library, note, hipify_header, hipify_roc_header FROM header", read_header)) ||
      (st = query(db, sq, "SELECT code, check_kind, pattern, message, constant_message, since, until FROM hazard"
                          " ORDER BY id", read_hazard)) ||
      (st = query(db, sq, "SELECT version FROM release ORDER BY version", read_release)) ||
      (st = query(db, sq, "SELECT cuda_name, native_since, legacy_name, mask_arg, legacy_args, enabled_by,"
                          " default_since FROM warp_rewrite", read_warp)) ||
      (st = query(db, sq, "SELECT cuda_name, arg, wrapper, mode FROM arg_cast", read_cast)) ||
      (st = query(db, sq, "SELECT cuda_name, arg, value, mode FROM default_arg", read_default)) ||
      (st = query(db, sq, "SELECT cuda_name, backend, arg, edit, value, dest, count, data_loss FROM arg_edit"
                          " ORDER BY rowid", read_arg_edit)) ||
      (st = query(db, sq, "SELECT cuda_name, params, as_name FROM overload", read_overload)) ||
      (st = query(db, sq, "SELECT cuda_type, until, members, hip_members FROM member_order", read_member_order)) ||
      (st = query(db, sq, "SELECT cuda_member, hip_type, before, after FROM member_wrap", read_member_wrap)) ||
      (st = query(db, sq, "SELECT cuda_name, scalar_form, other_form, hip_types, hip_since FROM cache_hint", read_hint)) ||
      (st = query(db, sq, "SELECT hip_name, header FROM type_header", read_type_header)) ||
      (st = query(db, sq, "SELECT cuda_header, modern_suffix, why FROM legacy_header", read_legacy_header)) ||
      (st = query(db, sq, "SELECT include, mb FROM parse_weight", read_parse_weight)) ||
      (st = query(db, sq, "SELECT cuda_name, host_name FROM host_name", read_host_name)) ||
      (st = query(db, sq, "SELECT cuda_name, struct_name FROM struct_name", read_struct_name)) ||
      (st = query(db, sq, "SELECT name, value FROM predefined_macro", read_predefined_macro)) ||
      (st = query(db, sq, "SELECT name, headers FROM std_header", read_std_header)) ||
      (st = query(db, sq,
                  "SELECT cuda_name, cuda_params, cuda_required, hip_name, hip_params, hip_required, type_differs, "
                  "cuda_release, hip_release, cuda_signature, hip_signature FROM signature",
                  read_signature)) ||
      (st = query(db, sq, "SELECT option, takes_value, action, hip, why FROM nvcc_option", read_nvcc_option)) ||
      (st = query(db, sq, "SELECT system, cuda, kind, hip, why FROM build_name", read_build_name)) ||
      (st = query(db, sq, "SELECT cuda, link, target, package, hip_library, header, why FROM cuda_library"
                          " ORDER BY rowid", read_cuda_library)) ||
      (st = query(db, sq, "SELECT prefix, next FROM name_prefix", read_name_prefix)) ||
      (st = query(db, sq, "SELECT name FROM same_name_library", read_same_name_library)) ||
      (st = query(db, sq, "SELECT name FROM namespaced_library", read_namespaced_library)) ||
      (st = query(db, sq, "SELECT prefix FROM wide_mask", read_wide_mask)) ||
      (st = query(db, sq, "SELECT file, mark FROM mark", read_mark)) ||
      (st = query(db, sq, "SELECT cuda_name, before FROM result_cast", read_result_cast)) ||
      (st = query(db, sq, "SELECT cuda_name, result_type FROM call_result", read_call_result)) ||
      (st = query(db, sq, "SELECT key, value FROM meta ORDER BY rowid", read_meta)) ||
      (st = query(db, sq, "SELECT name, cuda_releases, hipify_api FROM library", read_library)) ||
      (st = query(db, sq, "SELECT library, section, kind, hipify_type FROM hipify_type ORDER BY id", read_hipify_type)) ||
      (st = query(db, sq, "SELECT cuda_name, roc_name, asked_by FROM hipify_roc_name", read_hipify_roc_name)) ||
      (st = query(db, sq, "SELECT code, effort_hours, effort_per FROM diagnostic", read_diagnostic)))
    return st;
  if (db->releases.len == 0)
    return cm_fail(ST_RULES, "no ROCm release in its release table");
  rl_index(db);
  st = query(db, sq, "SELECT library, cuda_name, hip_name, hip_added, hip_until FROM hip_name"
                     " ORDER BY library, cuda_name, hip_until", read_earlier);
  attach_earlier(db);
  return st;
}

/* SQLite's own words (from cm_error) say what is wrong with the file; the
 * message names the file, as a user may have named it. */
static void damaged(const char *path) {
  char why[256];
  snprintf(why, sizeof why, "%s", cm_error());
  cm_fail(ST_RULES, "%s: rule database is damaged or not one (%s): rebuild it (make build) or reinstall hipport",
          path, why);
}

RuleDb *rl_new(void) {
  RuleDb *db = cm_xcalloc(1, sizeof *db);
  for (int d = 0; d < D_COUNT; d++)
    db->diags[d] = *rl_diag((Diag)d);
  return db;
}

Status rl_open(const char *path, RuleDb **out) {
  if (access(path, R_OK) != 0)
    return cm_fail_cause(ST_ENV, RL_NO_RULE_DB, "%s: rule database not found", path);
  sqlite3 *sq = NULL;
  RuleDb *db = rl_new();
  Status st = ST_OK;
  if (sqlite3_open_v2(path, &sq, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
    st = cm_fail(ST_ENV, "%s: cannot open rule database: %s", path, sqlite3_errmsg(sq));
  else if ((st = load(db, sq)))
    damaged(path);
  sqlite3_close(sq);
  char *bytes;
  size_t len;
  if (!st && !(st = cm_read_file(path, &bytes, &len))) {
    db->fingerprint = cm_hash(CM_HASH_SEED, bytes, len);
    free(bytes);
  }
  if (st) {
    rl_close(db);
    return st;
  }
  *out = db;
  return ST_OK;
}

uint64_t rl_fingerprint(const RuleDb *db) { return db->fingerprint; }

void rl_close(RuleDb *db) {
  if (!db)
    return;
  for (Chunk *c = db->arena, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  vec_free(&db->rules);
  vec_free(&db->headers);
  vec_free(&db->hazards);
  vec_free(&db->releases);
  vec_free(&db->warp);
  vec_free(&db->casts);
  vec_free(&db->defaults);
  vec_free(&db->arg_edits);
  vec_free(&db->hints);
  vec_free(&db->type_headers);
  vec_free(&db->legacy_headers);
  vec_free(&db->parse_weights);
  vec_free(&db->host_names);
  vec_free(&db->struct_names);
  vec_free(&db->predefined_macros);
  vec_free(&db->std_headers);
  vec_free(&db->signatures);
  vec_free(&db->overloads);
  vec_free(&db->hipify_types);
  vec_free(&db->hipify_roc_names);
  vec_free(&db->member_wraps);
  vec_free(&db->members);
  free_words(&db->member_types);
  free_words(&db->member_names);
  vec_free(&db->nvcc_options);
  vec_free(&db->build_names);
  vec_free(&db->cuda_libraries);
  vec_free(&db->name_prefixes);
  vec_free(&db->same_name_libraries);
  vec_free(&db->namespaced_libraries);
  vec_free(&db->wide_masks);
  vec_free(&db->marks);
  vec_free(&db->result_casts);
  vec_free(&db->call_results);
  vec_free(&db->earlier);
  vec_free(&db->earlier_keys);
  vec_free(&db->meta);
  vec_free(&db->libraries);
  vec_free(&db->user_files);
  for (size_t i = 0; i < db->user_diags.len; i++)
    free(db->user_diags.items[i]);
  vec_free(&db->user_diags);
  free(db->next_same);
  free(db->by_name.slots);
  free(db->by_header.slots);
  free(db);
}

const char *rl_default_path(void) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/hipport-rules.db", cm_exe_dir());
  if (access(path, R_OK) != 0)
    snprintf(path, sizeof path, "%s/../share/hipport/hipport-rules.db", cm_exe_dir());
  return path;
}

const Rule *rl_lookup(const RuleDb *db, const char *name, size_t len) {
  size_t *slot = hash_slot(&db->by_name, name, len, rule_key, db);
  return *slot ? &db->rules.items[*slot - 1] : NULL;
}

bool rl_in_section(const RuleDb *db, const char *name, size_t len, const char *section) {
  const Rule *r = rl_lookup(db, name, len);
  return r && r->section && strcmp(r->section, section) == 0;
}

const Rule *rl_lookup_next(const RuleDb *db, const Rule *r) {
  size_t next = db->next_same[(size_t)(r - db->rules.items)];
  return next ? &db->rules.items[next - 1] : NULL;
}

const HeaderRule *rl_lookup_header(const RuleDb *db, const char *name, size_t len) {
  size_t *slot = hash_slot(&db->by_header, name, len, header_key, db);
  while (!*slot && len > 0) {
    do
      len--;
    while (len > 0 && name[len - 1] != '/');
    if (len > 0)
      slot = hash_slot(&db->by_header, name, len, header_key, db);
  }
  return *slot ? &db->headers.items[*slot - 1] : NULL;
}

char *rl_header_target(const HeaderRule *h, const char *name) {
  if (!h->hip)
    return NULL;
  /* a folder maps into a folder (thrust/ -> thrust/); into one file (cub/ ->
   * hipcub/hipcub.hpp), every header under it becomes that file */
  size_t n = strlen(h->cuda), m = strlen(h->hip);
  if (n > 0 && h->cuda[n - 1] == '/' && m > 0 && h->hip[m - 1] == '/' && strncmp(name, h->cuda, n) == 0)
    return cm_xasprintf("%s%s", h->hip, name + n);
  return cm_xstrdup(h->hip);
}

static bool same(const char *s, size_t n, const char *name) { return strlen(name) == n && memcmp(s, name, n) == 0; }

/* Build files hold a few dozen words each: a scan of these tables is enough. */
const NvccOption *rl_nvcc_option(const RuleDb *db, const char *s, size_t n, const char **value, size_t *value_len) {
  for (size_t i = 0; i < db->nvcc_options.len; i++) {
    const NvccOption *o = &db->nvcc_options.items[i];
    size_t on = strlen(o->option);
    *value = NULL, *value_len = 0;
    if (same(s, n, o->option))
      return o;
    if (o->takes_value && n > on + 1 && memcmp(s, o->option, on) == 0 && s[on] == '=') {
      *value = s + on + 1, *value_len = n - on - 1;
      return o;
    }
  }
  return NULL;
}

const BuildName *rl_build_name(const RuleDb *db, BuildSystem system, const char *s, size_t n) {
  for (size_t i = 0; i < db->build_names.len; i++)
    if (db->build_names.items[i].system == system && same(s, n, db->build_names.items[i].cuda))
      return &db->build_names.items[i];
  return NULL;
}

const BuildName *rl_build_name_in(const RuleDb *db, BuildSystem system, BuildNameKind kind, const char *s, size_t n,
                                  bool anywhere) {
  for (size_t i = 0; i < db->build_names.len; i++) {
    const BuildName *b = &db->build_names.items[i];
    size_t m = strlen(b->cuda);
    if (b->system == system && b->kind == kind &&
        (anywhere ? memmem(s, n, b->cuda, m) != NULL : n >= m && memcmp(s, b->cuda, m) == 0))
      return b;
  }
  return NULL;
}

bool rl_marked(const RuleDb *db, MarkFile file, const char *text, size_t len) {
  for (size_t i = 0; i < db->marks.len; i++) {
    const Mark *m = &db->marks.items[i];
    if (m->file == file && memmem(text, len, m->mark, strlen(m->mark)))
      return true;
  }
  return false;
}

const CudaLibrary *rl_cuda_library(const RuleDb *db, const char *s, size_t n, bool by_link) {
  for (size_t i = 0; i < db->cuda_libraries.len; i++) {
    const CudaLibrary *l = &db->cuda_libraries.items[i];
    const char *name = by_link ? l->link : l->cuda;
    if (*name && same(s, n, name))
      return l;
  }
  return NULL;
}

bool rl_cuda_like_name(const RuleDb *db, const char *s, size_t n) {
  for (size_t i = 0; i < db->name_prefixes.len; i++) {
    const NamePrefix *p = &db->name_prefixes.items[i];
    size_t m = strlen(p->prefix);
    if (n > m && memcmp(s, p->prefix, m) == 0 && (!p->upper_next || (s[m] >= 'A' && s[m] <= 'Z')))
      return true;
  }
  return false;
}

static bool library_named(const LibraryNames *v, const char *s, size_t n) {
  for (size_t i = 0; i < v->len; i++)
    if (same(s, n, v->items[i].name))
      return true;
  return false;
}

bool rl_same_name_library(const RuleDb *db, const char *s, size_t n) { return library_named(&db->same_name_libraries, s, n); }

bool rl_namespaced_library(const RuleDb *db, const char *s, size_t n) {
  return library_named(&db->namespaced_libraries, s, n);
}

bool rl_wide_mask(const RuleDb *db, const char *s, size_t n) {
  for (size_t i = 0; i < db->wide_masks.len; i++) {
    size_t m = strlen(db->wide_masks.items[i].prefix);
    if (n >= m && memcmp(s, db->wide_masks.items[i].prefix, m) == 0)
      return true;
  }
  return false;
}

size_t rl_cuda_library_count(const RuleDb *db) { return db->cuda_libraries.len; }
const CudaLibrary *rl_cuda_library_at(const RuleDb *db, size_t i) { return &db->cuda_libraries.items[i]; }

/* A handful of rows: a scan beats a hash here. */
const ArgCast *rl_arg_cast(const RuleDb *db, const char *name, const ArgCast *after) {
  for (size_t i = after ? (size_t)(after - db->casts.items) + 1 : 0; i < db->casts.len; i++)
    if (strcmp(db->casts.items[i].cuda, name) == 0)
      return &db->casts.items[i];
  return NULL;
}

bool rl_mode_applies(RuleMode m, bool hipify) {
  return m == RM_EVERY || (m == RM_HIPIFY) == hipify;
}

const DefaultArg *rl_default_arg(const RuleDb *db, const char *name, unsigned arg) {
  for (size_t i = 0; i < db->defaults.len; i++)
    if (db->defaults.items[i].arg == arg && strcmp(db->defaults.items[i].cuda, name) == 0)
      return &db->defaults.items[i];
  return NULL;
}

const ArgEdit *rl_arg_edit(const RuleDb *db, const char *name, const ArgEdit *after) {
  for (size_t i = after ? (size_t)(after - db->arg_edits.items) + 1 : 0; i < db->arg_edits.len; i++)
    if (strcmp(db->arg_edits.items[i].cuda, name) == 0)
      return &db->arg_edits.items[i];
  return NULL;
}

const CacheHint *rl_cache_hint(const RuleDb *db, const char *name) {
  for (size_t i = 0; i < db->hints.len; i++)
    if (strcmp(db->hints.items[i].cuda, name) == 0)
      return &db->hints.items[i];
  return NULL;
}

static const char *meta_value(const MetaEntries *v, const char *key, size_t n) {
  for (size_t i = 0; i < v->len; i++)
    if (same(key, n, v->items[i].key))
      return v->items[i].value;
  return NULL;
}

const Signature *rl_signature(const RuleDb *db, const char *cuda_name) {
  for (size_t i = 0; i < db->signatures.len; i++)
    if (strcmp(db->signatures.items[i].cuda, cuda_name) == 0)
      return &db->signatures.items[i];
  return NULL;
}

const char *rl_host_name(const RuleDb *db, const char *cuda_name) {
  return meta_value(&db->host_names, cuda_name, strlen(cuda_name));
}

/* cublasSscal of cublas.h is legacy because cublas_v2.h has cublasSscal_v2;
 * cublasInit, which only the legacy header has, maps as it is. */
const char *rl_legacy_call(const RuleDb *db, const char *cuda_header, const char *name) {
  for (size_t i = 0; i < db->legacy_headers.len; i++) {
    const LegacyHeader *h = &db->legacy_headers.items[i];
    if (strcmp(h->header, cuda_header) != 0)
      continue;
    char *modern = cm_xasprintf("%s%s", name, h->modern_suffix);
    bool has_modern = rl_lookup(db, modern, strlen(modern)) != NULL;
    free(modern);
    return has_modern ? h->why : NULL;
  }
  return NULL;
}

const char *rl_type_header(const RuleDb *db, const char *hip_name) {
  return meta_value(&db->type_headers, hip_name, strlen(hip_name));
}

const char *rl_result_cast(const RuleDb *db, const char *s, size_t n) { return meta_value(&db->result_casts, s, n); }

const char *rl_call_result(const RuleDb *db, const char *s, size_t n) { return meta_value(&db->call_results, s, n); }

const char *rl_struct_name(const RuleDb *db, const char *s, size_t n) { return meta_value(&db->struct_names, s, n); }

const char *rl_predefined_macro(const RuleDb *db, const char *s, size_t n) {
  return meta_value(&db->predefined_macros, s, n);
}

const char *rl_std_headers(const RuleDb *db, const char *s, size_t n) { return meta_value(&db->std_headers, s, n); }

bool rl_has_overload(const RuleDb *db, const char *name) {
  for (size_t i = 0; i < db->overloads.len; i++)
    if (strcmp(db->overloads.items[i].cuda, name) == 0)
      return true;
  return false;
}

bool rl_legacy_header(const RuleDb *db, const char *header) {
  for (size_t i = 0; i < db->legacy_headers.len; i++)
    if (strcmp(db->legacy_headers.items[i].header, header) == 0)
      return true;
  return false;
}

const char *rl_overload(const RuleDb *db, const char *name, int params) {
  for (size_t i = 0; i < db->overloads.len; i++)
    if (db->overloads.items[i].params == params && strcmp(db->overloads.items[i].cuda, name) == 0)
      return db->overloads.items[i].as;
  return NULL;
}

const MemberWrap *rl_member_wrap(const RuleDb *db, const char *cuda_member) {
  for (size_t i = 0; i < db->member_wraps.len; i++)
    if (strcmp(db->member_wraps.items[i].cuda_member, cuda_member) == 0)
      return &db->member_wraps.items[i];
  return NULL;
}

const MemberOrder *rl_member_order(const RuleDb *db, const char *name) {
  for (size_t i = 0; i < db->members.len; i++)
    if (strcmp(db->members.items[i].cuda_type, name) == 0)
      return &db->members.items[i];
  return NULL;
}

const WarpRewrite *rl_warp_rewrite(const RuleDb *db, const char *name) {
  for (size_t i = 0; i < db->warp.len; i++)
    if (strcmp(db->warp.items[i].cuda, name) == 0)
      return &db->warp.items[i];
  return NULL;
}

const DiagInfo *rl_diag_in(const RuleDb *db, Diag d) { return &db->diags[d]; }

static bool category_is(const DiagInfo *d, const char *name, size_t n) {
  return strlen(d->category) == n && strncmp(d->category, name, n) == 0;
}

bool rl_known_category(const RuleDb *db, const char *name, size_t n) {
  for (int d = 0; d < D_COUNT; d++)
    if (category_is(rl_diag((Diag)d), name, n))
      return true;
  for (size_t i = 0; db && i < db->user_diags.len; i++)
    if (category_is(db->user_diags.items[i], name, n))
      return true;
  return false;
}

const char *rl_meta(const RuleDb *db, const char *key) { return meta_value(&db->meta, key, strlen(key)); }

size_t rl_meta_count(const RuleDb *db) { return db->meta.len; }

void rl_meta_at(const RuleDb *db, size_t i, const char **key, const char **value) {
  *key = db->meta.items[i].key;
  *value = db->meta.items[i].value;
}

static const char *meta_or(const RuleDb *db, const char *key) {
  const char *v = rl_meta(db, key);
  return v ? v : "?";
}

char *rl_describe(const RuleDb *db) {
  return cm_xasprintf("%s, %s; ROCm to %s, CUDA to %s; %s CUDA names in %s libraries, %s headers, %s hazard rules;"
                      " built by %s",
                      meta_or(db, "data_source"), meta_or(db, "data_vintage"), meta_or(db, "newest_rocm"),
                      meta_or(db, "newest_cuda"), meta_or(db, "rows"), meta_or(db, "libraries"),
                      meta_or(db, "headers"), meta_or(db, "hazards"), meta_or(db, "built_by"));
}

const char *rl_hipify_api(const RuleDb *db, const char *library) {
  for (size_t i = 0; i < db->libraries.len; i++)
    if (strcmp(db->libraries.items[i].name, library) == 0 && db->libraries.items[i].hipify_api)
      return db->libraries.items[i].hipify_api;
  return library;
}

static bool matches(const char *pattern, const char *s) { return strcmp(pattern, "*") == 0 || (s && strcmp(pattern, s) == 0); }

const char *rl_hipify_type(const RuleDb *db, const char *library, const char *section, const char *kind) {
  for (size_t i = 0; i < db->hipify_types.len; i++) {
    const HipifyType *t = &db->hipify_types.items[i];
    if (matches(t->library, library) && matches(t->section, section) && matches(t->kind, kind))
      return t->type;
  }
  return NULL;
}

const char *rl_hipify_roc_name(const RuleDb *db, const char *cuda_name, bool miopen) {
  for (size_t i = 0; i < db->hipify_roc_names.len; i++) {
    const HipifyRocName *n = &db->hipify_roc_names.items[i];
    if (strcmp(n->cuda, cuda_name) == 0)
      return !n->miopen_only || miopen ? n->roc : NULL;
  }
  return NULL;
}

const char *rl_cuda_releases(const RuleDb *db, const char *library) {
  for (size_t i = 0; i < db->libraries.len; i++)
    if (strcmp(db->libraries.items[i].name, library) == 0)
      return db->libraries.items[i].cuda_releases;
  return "CUDA";
}

size_t rl_user_file_count(const RuleDb *db) { return db->user_files.len; }
const char *rl_user_file(const RuleDb *db, size_t i) { return db->user_files.items[i].path; }

char *rl_user_file_summary(const RuleDb *db, size_t i) {
  const UserFile *u = &db->user_files.items[i];
  return cm_xasprintf("%s (%s): %u api, %u header, %u hazard, %u effort", u->path, u->how, u->api, u->headers,
                      u->hazards, u->effort);
}

size_t rl_rule_count(const RuleDb *db) { return db->rules.len; }
const Rule *rl_rule(const RuleDb *db, size_t i) { return &db->rules.items[i]; }
size_t rl_header_count(const RuleDb *db) { return db->headers.len; }
const HeaderRule *rl_header(const RuleDb *db, size_t i) { return &db->headers.items[i]; }
size_t rl_hazard_count(const RuleDb *db) { return db->hazards.len; }
const HazardRule *rl_hazard(const RuleDb *db, size_t i) { return &db->hazards.items[i]; }
size_t rl_release_count(const RuleDb *db) { return db->releases.len; }
Version rl_release(const RuleDb *db, size_t i) { return db->releases.items[i]; }
Version rl_newest_release(const RuleDb *db) { return db->releases.items[db->releases.len - 1]; }

bool rl_resolve_release(const RuleDb *db, const char *text, Version *out) {
  Version v;
  if (!rl_version_parse(text, &v))
    return false;
  for (size_t i = 0; i < db->releases.len; i++) {
    Version r = db->releases.items[i];
    if (r == v || (r / 1000 == v / 1000 && r % 1000 == 0)) {
      *out = r;
      return true;
    }
  }
  return false;
}

unsigned rl_parse_weight(const RuleDb *db, const char *include, size_t len) {
  unsigned mb = 0;
  for (size_t i = 0; i < db->parse_weights.len; i++) {
    const ParseWeight *w = &db->parse_weights.items[i];
    size_t n = strlen(w->include);
    if (n <= len && memcmp(include, w->include, n) == 0 && w->mb > mb)
      mb = w->mb;
  }
  return mb;
}
