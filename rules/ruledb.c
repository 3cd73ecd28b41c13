/* Loading the rule database: one pass over each SQLite table into arrays and
 * open-addressing hash tables, so that the scanner's per-token lookups never touch
 * SQLite. Strings live in one arena freed with the database. */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules.h"

typedef struct Chunk {
  struct Chunk *next;
  size_t used, cap;
  char data[];
} Chunk;

typedef struct {
  size_t *slots;   /* index + 1 into the owning array; 0 is empty */
  size_t mask;
} Hash;

struct RuleDb {
  Chunk *arena;
  VEC(Rule) rules;
  size_t *next_same;   /* per rule: index + 1 of the next rule with the same name */
  VEC(HeaderRule) headers;
  VEC(HazardRule) hazards;
  VEC(Version) releases;
  VEC(WarpRewrite) warp;
  VEC(ArgCast) casts;
  VEC(DefaultArg) defaults;
  Hash by_name, by_header;
};

static const char *arena_dup(RuleDb *db, const unsigned char *s) {
  if (!s)
    return NULL;
  size_t n = strlen((const char *)s) + 1;
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
  return arena_dup(db, sqlite3_column_text(st, i));
}

static void read_rule(RuleDb *db, sqlite3_stmt *st) {
  Rule r = {
      .library = col_text(db, st, 0),        .section = col_text(db, st, 1),
      .cuda = col_text(db, st, 2),           .hip = col_text(db, st, 4),
      .cuda_added = col_version(st, 5),      .cuda_deprecated = col_version(st, 6),
      .cuda_changed = col_version(st, 7),    .cuda_removed = col_version(st, 8),
      .hip_added = col_version(st, 9),       .hip_deprecated = col_version(st, 10),
      .hip_changed = col_version(st, 11),    .hip_removed = col_version(st, 12),
      .hip_experimental = col_version(st, 13), .backend = col_text(db, st, 14),
      .backend_name = col_text(db, st, 15),  .backend_added = col_version(st, 16),
      .backend_deprecated = col_version(st, 17), .backend_removed = col_version(st, 18),
  };
  if (!rl_kind_parse((const char *)sqlite3_column_text(st, 3), &r.kind))
    r.kind = RK_UNKNOWN;
  vec_push(&db->rules, r);
}

static void read_header(RuleDb *db, sqlite3_stmt *st) {
  HeaderRule h = {col_text(db, st, 0), col_text(db, st, 1), col_text(db, st, 2), col_text(db, st, 3),
                  col_text(db, st, 4)};
  vec_push(&db->headers, h);
}

static void read_hazard(RuleDb *db, sqlite3_stmt *st) {
  HazardRule h = {.pattern = col_text(db, st, 2), .message = col_text(db, st, 3)};
  if (!rl_diag_by_code((const char *)sqlite3_column_text(st, 0), &h.diag))
    return; /* a code this binary does not know: a newer database; skip the rule */
  h.check = strcmp((const char *)sqlite3_column_text(st, 1), "ast") == 0 ? HC_AST : HC_PCRE;
  vec_push(&db->hazards, h);
}

static void read_warp(RuleDb *db, sqlite3_stmt *st) {
  WarpRewrite w = {.cuda = col_text(db, st, 0), .native_since = col_version(st, 1), .legacy_name = col_text(db, st, 2),
                   .mask_arg = sqlite3_column_int(st, 3), .legacy_args = col_text(db, st, 4)};
  vec_push(&db->warp, w);
}

static void read_cast(RuleDb *db, sqlite3_stmt *st) {
  ArgCast c = {.cuda = col_text(db, st, 0), .arg = (unsigned)sqlite3_column_int(st, 1)};
  vec_push(&db->casts, c);
}

static void read_default(RuleDb *db, sqlite3_stmt *st) {
  DefaultArg d = {.cuda = col_text(db, st, 0), .arg = (unsigned)sqlite3_column_int(st, 1), .value = col_text(db, st, 2)};
  vec_push(&db->defaults, d);
}

static void read_release(RuleDb *db, sqlite3_stmt *st) { vec_push(&db->releases, col_version(st, 0)); }

static Status query(RuleDb *db, sqlite3 *sq, const char *sql, void (*row)(RuleDb *, sqlite3_stmt *)) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(sq, sql, -1, &st, NULL) != SQLITE_OK)
    return cm_fail(ST_ENV, "rule database: %s (rebuild it with the build)", sqlite3_errmsg(sq));
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW)
    row(db, st);
  sqlite3_finalize(st);
  return rc == SQLITE_DONE ? ST_OK : cm_fail(ST_ENV, "rule database: %s", sqlite3_errmsg(sq));
}

/* Rules of one name chain in id order: the imported row before later libraries. */
static void index_rules(RuleDb *db) {
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
  if ((st = query(db, sq, "SELECT cuda_header, hip_header, roc_header, library, note FROM header", read_header)) ||
      (st = query(db, sq, "SELECT code, check_kind, pattern, message FROM hazard ORDER BY id", read_hazard)) ||
      (st = query(db, sq, "SELECT version FROM release ORDER BY version", read_release)) ||
      (st = query(db, sq, "SELECT cuda_name, native_since, legacy_name, mask_arg, legacy_args FROM warp_rewrite",
                  read_warp)) ||
      (st = query(db, sq, "SELECT cuda_name, arg FROM arg_cast", read_cast)) ||
      (st = query(db, sq, "SELECT cuda_name, arg, value FROM default_arg", read_default)))
    return st;
  if (db->releases.len == 0)
    return cm_fail(ST_ENV, "rule database names no ROCm release: rebuild it");
  index_rules(db);
  return ST_OK;
}

Status rl_open(const char *path, RuleDb **out) {
  if (access(path, R_OK) != 0)
    return cm_fail(ST_ENV, "%s: rule database not found: build hipport (make build) or pass --rules-db", path);
  sqlite3 *sq = NULL;
  RuleDb *db = cm_xcalloc(1, sizeof *db);
  Status st = ST_OK;
  if (sqlite3_open_v2(path, &sq, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
    st = cm_fail(ST_ENV, "%s: cannot open rule database: %s", path, sqlite3_errmsg(sq));
  else
    st = load(db, sq);
  sqlite3_close(sq);
  if (st) {
    rl_close(db);
    return st;
  }
  *out = db;
  return ST_OK;
}

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

/* A handful of rows: a scan beats a hash here. */
const ArgCast *rl_arg_cast(const RuleDb *db, const char *name) {
  for (size_t i = 0; i < db->casts.len; i++)
    if (strcmp(db->casts.items[i].cuda, name) == 0)
      return &db->casts.items[i];
  return NULL;
}

const DefaultArg *rl_default_arg(const RuleDb *db, const char *name, unsigned arg) {
  for (size_t i = 0; i < db->defaults.len; i++)
    if (db->defaults.items[i].arg == arg && strcmp(db->defaults.items[i].cuda, name) == 0)
      return &db->defaults.items[i];
  return NULL;
}

const WarpRewrite *rl_warp_rewrite(const RuleDb *db, const char *name) {
  for (size_t i = 0; i < db->warp.len; i++)
    if (strcmp(db->warp.items[i].cuda, name) == 0)
      return &db->warp.items[i];
  return NULL;
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
