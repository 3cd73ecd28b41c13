/* User rule files: rules a project adds without rebuilding hipport, read with
 * libyaml (docs/user-rules.md). One YAML mapping per file with up to four lists:
 *
 *   api:     - {cuda: myCudaMalloc, hip: myHipMalloc}       add or override a mapping
 *   headers: - {cuda: mycuda.h, hip: myhip.h}               add or override a header
 *   hazards: - {pattern: '...', message: ..., category: ...} a PCRE2 hazard
 *   effort:  - {category: warp-size, hours: 2}               effort of a category or code
 *
 * YAML rather than the CSV of rules/data: one file holds all four kinds, a
 * regular expression needs no CSV quoting, and libyaml gives every node its line,
 * so each bad entry is an input error naming FILE:LINE. A file is checked whole
 * before anything of it joins the database. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

#include "ruledb_p.h"

typedef struct {
  const char *key;
  yaml_node_t *value;
} Field;

typedef struct {
  RuleDb *db;
  const char *path;
  yaml_document_t doc;
  UserFile *file;
  VEC(Rule) api;
  VEC(HeaderRule) headers;
  VEC(Field) efforts;      /* category or code of each effort rule, for duplicates */
} Reader;

static const char *origin(Reader *r, const yaml_node_t *n) {
  char *s = cm_xasprintf("%s:%zu", r->path, n->start_mark.line + 1);
  const char *kept = rl_arena_dup(r->db, s);
  free(s);
  return kept;
}

static Status bad(Reader *r, const yaml_node_t *n, const char *what) {
  return cm_fail(ST_INPUT, "%s:%zu: %s", r->path, n->start_mark.line + 1, what);
}

static const char *scalar(const yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* The item's keys, each one of `known`; a key not there is an input error. */
static Status fields(Reader *r, yaml_node_t *item, const char *what, const char *const *known, Field *out) {
  if (item->type != YAML_MAPPING_NODE) {
    char *m = cm_xasprintf("%s is not a mapping of keys (key: value)", what);
    Status st = bad(r, item, m);
    free(m);
    return st;
  }
  for (yaml_node_pair_t *p = item->data.mapping.pairs.start; p < item->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(&r->doc, p->key), *v = yaml_document_get_node(&r->doc, p->value);
    size_t i = 0;
    while (known[i] && !(scalar(k) && strcmp(scalar(k), known[i]) == 0))
      i++;
    if (!known[i]) {
      Buf list = {0};
      for (size_t j = 0; known[j]; j++)
        buf_printf(&list, "%s%s", j ? ", " : "", known[j]);
      char *m = cm_xasprintf("unknown key '%s' in %s (known: %s)", scalar(k) ? scalar(k) : "?", what, buf_cstr(&list));
      Status st = bad(r, k, m);
      free(m);
      buf_free(&list);
      return st;
    }
    if (!scalar(v)) {
      char *m = cm_xasprintf("%s: %s takes one value, not a list or mapping", what, known[i]);
      Status st = bad(r, v, m);
      free(m);
      return st;
    }
    out[i] = (Field){known[i], v};
  }
  return ST_OK;
}

static const char *text(Reader *r, const Field *f) {
  return f->value && *scalar(f->value) ? rl_arena_dup(r->db, scalar(f->value)) : NULL;
}

static Status version(Reader *r, const Field *f, Version *out) {
  *out = VERSION_NONE;
  if (!f->value || rl_version_parse(scalar(f->value), out))
    return ST_OK;
  char *m = cm_xasprintf("%s: '%s' is not a release: write it as 6.2.0", f->key, scalar(f->value));
  Status st = bad(r, f->value, m);
  free(m);
  return st;
}

static Status number(Reader *r, const Field *f, double *out) {
  char *end;
  *out = strtod(scalar(f->value), &end);
  if (*end || end == scalar(f->value) || *out < 0 || *out > 10000)
    return bad(r, f->value, "hours are a number from 0 to 10000");
  return ST_OK;
}

static Status per(Reader *r, const Field *f, EffortPer *out) {
  static const char *names[] = {[EP_USE] = "use", [EP_API] = "api", [EP_FILE] = "file"};
  for (int p = EP_USE; p <= EP_FILE; p++)
    if (strcmp(scalar(f->value), names[p]) == 0) {
      *out = (EffortPer)p;
      return ST_OK;
    }
  return bad(r, f->value, "per is use, api or file");
}

/* ---- api ---- */

/* ORDER API_KEYS */
static const char *const api_keys[] = {"cuda", "hip", "kind", "library", "hip_added", "hip_removed", NULL};

static Status api_item(Reader *r, yaml_node_t *item) {
  Field f[6] = {0};
  Status st = fields(r, item, "an api rule", api_keys, f);
  if (st)
    return st;
  /* kind RK_UNKNOWN until given: an override keeps the kind it had */
  Rule u = {.cuda = text(r, &f[0]), .hip = text(r, &f[1]), .library = text(r, &f[3]), .kind = RK_UNKNOWN,
            .section = "user rules", .origin = origin(r, item)};
  if (!u.cuda)
    return bad(r, item, "an api rule names no CUDA entity: give cuda: NAME, the name the code uses");
  if (f[2].value && (!rl_kind_parse(scalar(f[2].value), &u.kind) || u.kind == RK_MEMBER || u.kind == RK_UNKNOWN))
    return bad(r, f[2].value, "kind is function, device_function, type, constant, annotation or namespace");
  if ((st = version(r, &f[4], &u.hip_added)) || (st = version(r, &f[5], &u.hip_removed)))
    return st;
  vec_push(&r->api, u);
  return ST_OK;
}

/* The rule a user rule replaces: its library's, or the first of its name. */
static Rule *overridden(RuleDb *db, const Rule *u) {
  for (const Rule *r = rl_lookup(db, u->cuda, strlen(u->cuda)); r; r = rl_lookup_next(db, r))
    if (!u->library || strcmp(r->library, u->library) == 0)
      return (Rule *)r;
  return NULL;
}

static Status duplicate(const char *what, const char *name, const char *here, const char *there) {
  return cm_fail(ST_INPUT, "%s: %s %s is given twice (first at %s): keep one", here, what, name, there);
}

static Status check_api(Reader *r) {
  for (size_t i = 0; i < r->api.len; i++) {
    const Rule *u = &r->api.items[i];
    for (size_t j = 0; j < i; j++)
      if (strcmp(r->api.items[j].cuda, u->cuda) == 0 && !r->api.items[j].library == !u->library &&
          (!u->library || strcmp(r->api.items[j].library, u->library) == 0))
        return duplicate("api rule", u->cuda, u->origin, r->api.items[j].origin);
    const Rule *old = overridden(r->db, u);
    if (old && old->origin)
      return duplicate("api rule", u->cuda, u->origin, old->origin);
  }
  return ST_OK;
}

static void apply_api(Reader *r) {
  for (size_t i = 0; i < r->api.len; i++) {
    Rule u = r->api.items[i];
    Rule *old = overridden(r->db, &u);
    if (old) { /* the CUDA side stays as the database knows it; the HIP side is the user's */
      u.library = old->library;
      u.section = old->section;
      u.cuda_added = old->cuda_added, u.cuda_deprecated = old->cuda_deprecated;
      u.cuda_changed = old->cuda_changed, u.cuda_removed = old->cuda_removed;
      u.kind = u.kind == RK_UNKNOWN ? old->kind : u.kind;
      *old = u;
    } else {
      u.library = u.library ? u.library : "user";
      u.kind = u.kind == RK_UNKNOWN ? RK_FUNCTION : u.kind;
      vec_push(&r->db->rules, u);
    }
  }
}

/* ---- headers ---- */

/* ORDER HEADER_KEYS */
static const char *const header_keys[] = {"cuda", "hip", "note", NULL};

static Status header_item(Reader *r, yaml_node_t *item) {
  Field f[3] = {0};
  Status st = fields(r, item, "a header rule", header_keys, f);
  if (st)
    return st;
  HeaderRule h = {.cuda = text(r, &f[0]), .hip = text(r, &f[1]), .note = text(r, &f[2]), .library = "user",
                  .origin = origin(r, item)};
  if (!h.cuda)
    return bad(r, item, "a header rule names no CUDA header: give cuda: NAME.h, as the code includes it");
  h.note = h.note ? h.note : "";
  for (size_t i = 0; i < r->headers.len; i++)
    if (strcmp(r->headers.items[i].cuda, h.cuda) == 0)
      return duplicate("header rule", h.cuda, h.origin, r->headers.items[i].origin);
  const HeaderRule *old = rl_lookup_header(r->db, h.cuda, strlen(h.cuda));
  if (old && old->origin && strcmp(old->cuda, h.cuda) == 0)
    return duplicate("header rule", h.cuda, h.origin, old->origin);
  vec_push(&r->headers, h);
  return ST_OK;
}

/* ---- hazards ---- */

/* ORDER HAZARD_KEYS */
static const char *const hazard_keys[] = {"pattern", "message", "category", "severity", "effort", "per",
                                          "code",    "since",   "until",    NULL};

static Status check_pattern(Reader *r, const yaml_node_t *n) {
  int err;
  PCRE2_SIZE at;
  pcre2_code *re = pcre2_compile((PCRE2_SPTR)scalar(n), PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MULTILINE, &err, &at, NULL);
  if (re) {
    pcre2_code_free(re);
    return ST_OK;
  }
  PCRE2_UCHAR msg[256];
  pcre2_get_error_message(err, msg, sizeof msg);
  return cm_fail(ST_INPUT, "%s:%zu: bad regular expression at offset %zu: %s", r->path, n->start_mark.line + 1,
                 (size_t)at, (const char *)msg);
}

static Status severity(Reader *r, const Field *f, Severity *out) {
  for (int s = SEV_ERROR; s <= SEV_NOTE; s++)
    if (strcmp(scalar(f->value), rl_severity_name((Severity)s)) == 0) {
      *out = (Severity)s;
      return ST_OK;
    }
  return bad(r, f->value, "severity is error, warning or note");
}

/* A hazard of its own: code (default HP9001), category, severity, effort. */
static Status own_diag(Reader *r, yaml_node_t *item, Field *f, HazardRule *h) {
  const char *code = text(r, &f[6]);
  if (code && strncmp(code, "HP", 2) == 0)
    return bad(r, f[6].value, "HP codes are hipport's: name a built-in one, or give your own (PRJ001)");
  if (!text(r, &f[2]))
    return bad(r, item, "a hazard with a code of its own needs category: NAME");
  DiagInfo *d = cm_xmalloc(sizeof *d);
  *d = *rl_diag(D_USER_RULE);
  d->code = code ? code : d->code;
  d->category = text(r, &f[2]);
  Status st = ST_OK;
  if (f[3].value)
    st = severity(r, &f[3], &d->severity);
  if (!st && f[4].value)
    st = number(r, &f[4], &d->effort_hours);
  if (!st && f[5].value)
    st = per(r, &f[5], &d->per);
  vec_push(&r->db->user_diags, d);
  h->info = d;
  return st;
}

static Status hazard_item(Reader *r, yaml_node_t *item) {
  Field f[9] = {0};
  Status st = fields(r, item, "a hazard rule", hazard_keys, f);
  if (st)
    return st;
  HazardRule h = {.diag = D_USER_RULE, .check = HC_PCRE, .pattern = text(r, &f[0]), .message = text(r, &f[1]),
                  .constant_message = "", .origin = origin(r, item)};
  if (!h.pattern || !h.message)
    return bad(r, item, "a hazard rule needs pattern: (a PCRE2 regular expression) and message:");
  if ((st = check_pattern(r, f[0].value)) || (st = version(r, &f[7], &h.since)) || (st = version(r, &f[8], &h.until)))
    return st;
  for (size_t i = 0; i < r->db->hazards.len; i++)
    if (r->db->hazards.items[i].origin && strcmp(r->db->hazards.items[i].pattern, h.pattern) == 0)
      return duplicate("hazard pattern", h.pattern, h.origin, r->db->hazards.items[i].origin);
  bool builtin = f[6].value && rl_diag_by_code(scalar(f[6].value), &h.diag);
  if (builtin && (f[2].value || f[3].value || f[4].value || f[5].value))
    return bad(r, item, "a built-in code brings its own category, severity and effort (set hours under effort:)");
  if (!builtin && (st = own_diag(r, item, f, &h)))
    return st;
  vec_push(&r->db->hazards, h);
  r->file->hazards++;
  return ST_OK;
}

/* ---- effort ---- */

/* ORDER EFFORT_KEYS */
static const char *const effort_keys[] = {"category", "code", "hours", "per", NULL};

static Status effort_item(Reader *r, yaml_node_t *item) {
  Field f[4] = {0};
  Status st = fields(r, item, "an effort rule", effort_keys, f);
  if (st)
    return st;
  if (!f[0].value == !f[1].value || !f[2].value)
    return bad(r, item, "an effort rule names a category: or a code: (one of them) and hours:");
  double hours;
  EffortPer how = EP_USE;
  if ((st = number(r, &f[2], &hours)) || (f[3].value && (st = per(r, &f[3], &how))))
    return st;
  yaml_node_t *named = f[0].value ? f[0].value : f[1].value;
  const char *name = scalar(named);
  for (size_t i = 0; i < r->efforts.len; i++)
    if (strcmp(r->efforts.items[i].key, f[0].value ? "category" : "code") == 0 &&
        strcmp(scalar(r->efforts.items[i].value), name) == 0)
      return duplicate("effort rule for", name, origin(r, named), origin(r, r->efforts.items[i].value));
  vec_push(&r->efforts, ((Field){f[0].value ? "category" : "code", named}));
  unsigned hits = 0;
  for (int d = 0; d < D_COUNT; d++) {
    DiagInfo *i = &r->db->diags[d];
    if (strcmp(f[0].value ? i->category : i->code, name) == 0) {
      i->effort_hours = hours;
      i->per = f[3].value ? how : i->per;
      hits++;
    }
  }
  for (size_t k = 0; k < r->db->user_diags.len; k++) {
    DiagInfo *i = r->db->user_diags.items[k];
    if (strcmp(f[0].value ? i->category : i->code, name) == 0) {
      i->effort_hours = hours;
      i->per = f[3].value ? how : i->per;
      hits++;
    }
  }
  if (!hits) {
    char *m = cm_xasprintf("no diagnostic has %s '%s' (see docs/diagnostics.md)", f[0].value ? "category" : "code", name);
    st = bad(r, f[0].value ? f[0].value : f[1].value, m);
    free(m);
  }
  r->file->effort++;
  return st;
}

/* ---- the file ---- */

typedef Status (*ItemFn)(Reader *r, yaml_node_t *item);

static const struct {
  const char *name;
  ItemFn item;
} sections[] = {{"api", api_item}, {"headers", header_item}, {"hazards", hazard_item}, {"effort", effort_item}};

static Status section(Reader *r, yaml_node_t *key, yaml_node_t *list) {
  for (size_t i = 0; i < sizeof sections / sizeof *sections; i++) {
    if (!scalar(key) || strcmp(scalar(key), sections[i].name) != 0)
      continue;
    if (list->type != YAML_SEQUENCE_NODE)
      return bad(r, list, "a section is a list: one `- key: value` entry per rule");
    Status st = ST_OK;
    for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top && !st; it++)
      st = sections[i].item(r, yaml_document_get_node(&r->doc, *it));
    return st;
  }
  char *m = cm_xasprintf("unknown key '%s' (known: api, headers, hazards, effort)", scalar(key) ? scalar(key) : "?");
  Status st = bad(r, key, m);
  free(m);
  return st;
}

static Status read_document(Reader *r) {
  yaml_node_t *root = yaml_document_get_root_node(&r->doc);
  if (!root)
    return ST_OK; /* an empty file adds nothing */
  if (root->type != YAML_MAPPING_NODE)
    return bad(r, root, "a rule file is a mapping with api:, headers:, hazards: or effort: lists");
  Status st = ST_OK;
  for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top && !st; p++)
    st = section(r, yaml_document_get_node(&r->doc, p->key), yaml_document_get_node(&r->doc, p->value));
  if (!st)
    st = check_api(r);
  return st;
}

static Status parse(Reader *r, const char *bytes, size_t len) {
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, (const unsigned char *)bytes, len);
  Status st = ST_OK;
  if (!yaml_parser_load(&parser, &r->doc)) {
    st = cm_fail(ST_INPUT, "%s:%zu: not YAML: %s", r->path, parser.problem_mark.line + 1,
                 parser.problem ? parser.problem : "unreadable");
  } else {
    st = read_document(r);
    yaml_document_delete(&r->doc);
  }
  yaml_parser_delete(&parser);
  return st;
}

Status rl_load_user_rules(RuleDb *db, const char *path, const char *how) {
  char *bytes;
  size_t len;
  Status st = cm_read_file(path, &bytes, &len);
  if (st)
    return st;
  UserFile file = {.path = rl_arena_dup(db, path), .how = rl_arena_dup(db, how)};
  Reader r = {.db = db, .path = file.path, .file = &file};
  size_t hazards = db->hazards.len, diags = db->user_diags.len;
  DiagInfo *before = cm_xmalloc(sizeof db->diags + diags * sizeof(DiagInfo));
  memcpy(before, db->diags, sizeof db->diags);
  for (size_t i = 0; i < diags; i++)
    before[D_COUNT + i] = *db->user_diags.items[i];
  if (!(st = parse(&r, bytes, len))) {
    apply_api(&r);
    for (size_t i = 0; i < r.headers.len; i++)
      vec_push(&db->headers, r.headers.items[i]);
    file.api = (unsigned)r.api.len;
    file.headers = (unsigned)r.headers.len;
    vec_push(&db->user_files, file);
    db->fingerprint = cm_hash(cm_hash_str(db->fingerprint, how), bytes, len);
    rl_index(db);
  } else { /* nothing of a bad file stays */
    db->hazards.len = hazards;
    while (db->user_diags.len > diags)
      free(db->user_diags.items[--db->user_diags.len]);
    memcpy(db->diags, before, sizeof db->diags);
    for (size_t i = 0; i < diags; i++)
      *db->user_diags.items[i] = before[D_COUNT + i];
  }
  free(before);
  vec_free(&r.api);
  vec_free(&r.headers);
  vec_free(&r.efforts);
  free(bytes);
  return st;
}

char *rl_project_rules(const char *root) {
  static const char *names[] = {".hipport/rules.yaml", ".hipport/rules.yml"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    char *path = cm_xasprintf("%s/%s", root, names[i]);
    if (access(path, R_OK) == 0)
      return path;
    free(path);
  }
  return NULL;
}
