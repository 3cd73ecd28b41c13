/* hipport-rulesdb: the build step that turns the reviewable rule sources into the
 * SQLite rule database shipped beside the binary.
 *
 *   hipport-rulesdb OUT.db SCHEMA.sql --meta FILE.csv --libraries FILE.csv
 *                   --api FILE.csv... --hip-names FILE.csv --headers FILE.csv
 *                   --hazards FILE.csv --warp FILE.csv --casts FILE.csv
 *                   --defaults FILE.csv --arg-edits FILE.csv --overloads FILE.csv
 *                   --members FILE.csv --hints FILE.csv --type-headers FILE.csv
 *                   --legacy-headers FILE.csv --host-names FILE.csv --signatures FILE.csv
 *                   --hipify-types FILE.csv --hipify-roc-names FILE.csv --member-wraps FILE.csv
 *                   --nvcc-options FILE.csv --build-names FILE.csv --cuda-libraries FILE.csv
 *                   --name-prefixes FILE.csv --same-name-libraries FILE.csv --marks FILE.csv
 *                   --result-casts FILE.csv --call-results FILE.csv --wide-masks FILE.csv --struct-names FILE.csv
 *                   --predefined-macros FILE.csv --std-headers FILE.csv
 *
 * API files are read in order; a later row with the same (library, cuda_name)
 * replaces an earlier one, so project-owned corrections sit in their own file on
 * top of the imported facts. Columns are found by header name. After the files
 * the meta table gets what the build computes (newest releases, row counts per
 * library, the hipport that built it). The database is written to OUT.db.tmp and
 * renamed, so a failed build never leaves half a file. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv_p.h"
#include "rules.h"

typedef struct {
  sqlite3 *db;
  const char *path;   /* the CSV being read, for messages */
  int line;
} Ctx;

static int column(Csv *c, const char *name) {
  for (size_t i = 0; i < c->nfields; i++)
    if (strcmp(c->fields[i], name) == 0)
      return (int)i;
  return -1;
}

static const char *field(Csv *c, int col) {
  return col >= 0 && (size_t)col < c->nfields ? c->fields[col] : "";
}

static Status exec(sqlite3 *db, const char *sql) {
  char *err = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
    Status st = cm_fail(ST_ENV, "sqlite: %s", err);
    sqlite3_free(err);
    return st;
  }
  return ST_OK;
}

/* Binds a release column: empty is NULL, anything else must parse. */
static Status bind_version(Ctx *x, sqlite3_stmt *st, int idx, const char *text) {
  Version v;
  if (!*text)
    return sqlite3_bind_null(st, idx) == SQLITE_OK ? ST_OK : cm_fail(ST_ENV, "sqlite bind");
  if (!rl_version_parse(text, &v))
    return cm_fail(ST_INPUT, "%s:%d: bad release '%s': write it as 6.2.0", x->path, x->line, text);
  sqlite3_bind_int64(st, idx, v);
  return ST_OK;
}

static void bind_text(sqlite3_stmt *st, int idx, const char *text) {
  if (*text)
    sqlite3_bind_text(st, idx, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null(st, idx);
}

typedef Status (*RowFn)(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st);

/* Reads one CSV, maps the named columns, and runs `row` for every record. */
static Status load_csv(Ctx *x, const char *path, const char *const *names, int ncols, const char *sql,
                       RowFn row) {
  char *text;
  size_t len;
  Status st = cm_read_file(path, &text, &len);
  if (st)
    return st;
  Csv c;
  csv_open(&c, path, text, len);
  sqlite3_stmt *stmt = NULL;
  int cols[32];
  x->path = path;
  if (csv_next(&c) != 1) {
    st = cm_fail(ST_INPUT, "%s: no header line", path);
    goto out;
  }
  for (int i = 0; i < ncols; i++) {
    if ((cols[i] = column(&c, names[i])) < 0) {
      st = cm_fail(ST_INPUT, "%s: missing column '%s'", path, names[i]);
      goto out;
    }
  }
  if (sqlite3_prepare_v2(x->db, sql, -1, &stmt, NULL) != SQLITE_OK) {
    st = cm_fail(ST_ENV, "sqlite: %s", sqlite3_errmsg(x->db));
    goto out;
  }
  int r;
  while ((r = csv_next(&c)) == 1) {
    x->line = c.line;
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    if ((st = row(x, &c, cols, stmt)))
      goto out;
    if (sqlite3_step(stmt) != SQLITE_DONE) {
      st = cm_fail(ST_INPUT, "%s:%d: %s", path, c.line, sqlite3_errmsg(x->db));
      goto out;
    }
  }
  if (r < 0)
    st = ST_INPUT;
out:
  sqlite3_finalize(stmt);
  csv_close(&c);
  free(text);
  return st;
}

/* ORDER API_COLUMNS: the names below and the placeholders in api_sql. */
static const char *const api_columns[] = {
    "library",       "section",          "cuda_name",      "kind",           "cuda_added",
    "cuda_deprecated", "cuda_changed",   "cuda_removed",   "hip_name",       "hip_added",
    "hip_deprecated", "hip_changed",     "hip_removed",    "hip_experimental", "backend",
    "backend_name",  "backend_added",    "backend_deprecated", "backend_removed",
};
enum { API_NCOLS = sizeof api_columns / sizeof *api_columns };

static const char api_sql[] =
    "INSERT INTO api (library, section, cuda_name, kind, cuda_added, cuda_deprecated,"
    " cuda_changed, cuda_removed, hip_name, hip_added, hip_deprecated, hip_changed, hip_removed,"
    " hip_experimental, backend, backend_name, backend_added, backend_deprecated, backend_removed,"
    " source) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
    /* an override keeps the row's id, so lookups keep the imported order */
    " ON CONFLICT (library, cuda_name) DO UPDATE SET section = excluded.section, kind = excluded.kind,"
    " cuda_added = excluded.cuda_added, cuda_deprecated = excluded.cuda_deprecated,"
    " cuda_changed = excluded.cuda_changed, cuda_removed = excluded.cuda_removed, hip_name = excluded.hip_name,"
    " hip_added = excluded.hip_added, hip_deprecated = excluded.hip_deprecated, hip_changed = excluded.hip_changed,"
    " hip_removed = excluded.hip_removed, hip_experimental = excluded.hip_experimental, backend = excluded.backend,"
    " backend_name = excluded.backend_name, backend_added = excluded.backend_added,"
    " backend_deprecated = excluded.backend_deprecated, backend_removed = excluded.backend_removed,"
    " source = excluded.source";

static bool is_version_column(const char *name) {
  const char *suffixes[] = {"_added", "_deprecated", "_changed", "_removed", "_experimental"};
  for (size_t i = 0; i < 5; i++) {
    size_t n = strlen(name), m = strlen(suffixes[i]);
    if (n > m && strcmp(name + n - m, suffixes[i]) == 0)
      return true;
  }
  return false;
}

static Status api_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  RuleKind kind;
  if (!rl_kind_parse(field(c, cols[3]), &kind))
    return cm_fail(ST_INPUT, "%s:%d: unknown kind '%s'", x->path, x->line, field(c, cols[3]));
  if (!*field(c, cols[0]) || !*field(c, cols[2]))
    return cm_fail(ST_INPUT, "%s:%d: library and cuda_name are required", x->path, x->line);
  for (int i = 0; i < API_NCOLS; i++) {
    Status s = ST_OK;
    if (is_version_column(api_columns[i]))
      s = bind_version(x, st, i + 1, field(c, cols[i]));
    else if (i == 1)
      sqlite3_bind_text(st, 2, field(c, cols[1]), -1, SQLITE_TRANSIENT); /* section may be "" */
    else
      bind_text(st, i + 1, field(c, cols[i]));
    if (s)
      return s;
  }
  sqlite3_bind_text(st, API_NCOLS + 1, x->path, -1, SQLITE_TRANSIENT);
  return ST_OK;
}

static Status header_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  if (!*field(c, cols[0]) || !*field(c, cols[3]))
    return cm_fail(ST_INPUT, "%s:%d: cuda_header and library are required", x->path, x->line);
  for (int i = 0; i < 4; i++)
    bind_text(st, i + 1, field(c, cols[i]));
  sqlite3_bind_text(st, 5, field(c, cols[4]), -1, SQLITE_TRANSIENT);
  bind_text(st, 6, field(c, cols[5]));
  bind_text(st, 7, field(c, cols[6]));
  return ST_OK;
}

/* Columns bound as text as they are ("" stays ""), by position. */
static void bind_texts(Csv *c, const int *cols, sqlite3_stmt *st, const int *which, int n) {
  for (int i = 0; i < n; i++)
    sqlite3_bind_text(st, which[i] + 1, field(c, cols[which[i]]), -1, SQLITE_TRANSIENT);
}

/* ORDER SIGNATURE_COLUMNS: cuda_name, cuda_params, cuda_required, hip_name, hip_params, hip_required,
 * type_differs (may be empty: NULL), cuda_release, hip_release, cuda_signature, hip_signature */
static Status signature_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  for (int i = 0; i < 11; i++)
    if (i != 6 && !*field(c, cols[i]))
      return cm_fail(ST_INPUT, "%s:%d: every column but type_differs is required", x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 1, 2, 3, 4, 5, 7, 8, 9, 10}, 10);
  if (*field(c, cols[6]))
    sqlite3_bind_text(st, 7, field(c, cols[6]), -1, SQLITE_TRANSIENT);
  return ST_OK;
}

/* ORDER HAZARD_COLUMNS: code, check, pattern, message, constant_message, since, until */
static Status hazard_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  Diag d;
  if (!rl_diag_by_code(field(c, cols[0]), &d))
    return cm_fail(ST_INPUT, "%s:%d: code %s is not in rules/diagnostics.def", x->path, x->line,
                   field(c, cols[0]));
  bind_texts(c, cols, st, (const int[]){0, 1, 2, 3, 4}, 5);
  Status s = bind_version(x, st, 6, field(c, cols[5]));
  return s ? s : bind_version(x, st, 7, field(c, cols[6]));
}

/* ORDER WARP_COLUMNS: cuda_name, native_since, legacy_name, mask_arg, legacy_args, enabled_by, default_since */
static Status warp_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  Status s = bind_version(x, st, 2, field(c, cols[1]));
  if (!s)
    s = bind_version(x, st, 7, field(c, cols[6]));
  if (s)
    return s;
  if (!*field(c, cols[1]) || !*field(c, cols[2]))
    return cm_fail(ST_INPUT, "%s:%d: native_since and legacy_name are required", x->path, x->line);
  if (!*field(c, cols[5]) != !*field(c, cols[6]))
    return cm_fail(ST_INPUT, "%s:%d: enabled_by and default_since go together", x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 2, 4, 5}, 4);
  sqlite3_bind_int(st, 4, atoi(field(c, cols[3])));
  return ST_OK;
}

static Status hip_name_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  if (!*field(c, cols[0]) || !*field(c, cols[1]) || !*field(c, cols[2]) || !*field(c, cols[4]))
    return cm_fail(ST_INPUT, "%s:%d: library, cuda_name, hip_name and hip_until are required", x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 1, 2}, 3);
  Status s = bind_version(x, st, 4, field(c, cols[3]));
  return s ? s : bind_version(x, st, 5, field(c, cols[4]));
}

static Status member_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  if (!*field(c, cols[0]) || !*field(c, cols[1]) || !*field(c, cols[2]) || !*field(c, cols[3]))
    return cm_fail(ST_INPUT, "%s:%d: cuda_type, until, members and hip_members are required", x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 2, 3}, 3);
  return bind_version(x, st, 2, field(c, cols[1]));
}

static Status hint_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  if (!*field(c, cols[0]) || !strstr(field(c, cols[1]), "{0}") || !strstr(field(c, cols[2]), "{0}"))
    return cm_fail(ST_INPUT, "%s:%d: cuda_name and two forms naming the pointer ({0}) are required", x->path, x->line);
  if (!*field(c, cols[3]) != !*field(c, cols[4]))
    return cm_fail(ST_INPUT, "%s:%d: hip_types and hip_since go together", x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 1, 2, 3}, 4);
  return bind_version(x, st, 5, field(c, cols[4]));
}

/* A row of required text, a column for each of the statement's parameters. */
static Status text_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  int n = sqlite3_bind_parameter_count(st);
  for (int i = 0; i < n; i++) {
    if (!*field(c, cols[i]))
      return cm_fail(ST_INPUT, "%s:%d: every column is required", x->path, x->line);
    sqlite3_bind_text(st, i + 1, field(c, cols[i]), -1, SQLITE_TRANSIENT);
  }
  return ST_OK;
}

/* hipify_api may be empty (hipify-clang has no label for the library): NULL. */
static Status library_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  for (int i = 0; i < 3; i++)
    if (!*field(c, cols[i]))
      return cm_fail(ST_INPUT, "%s:%d: library, title and cuda_releases are required", x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 1, 2}, 3);
  if (*field(c, cols[3]))
    sqlite3_bind_text(st, 4, field(c, cols[3]), -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null(st, 4);
  return ST_OK;
}

static Status hipify_type_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  for (int i = 0; i < 4; i++)
    if (!*field(c, cols[i]))
      return cm_fail(ST_INPUT, "%s:%d: every column is required ('*' matches any)", x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 1, 2, 3}, 4);
  return ST_OK;
}

/* mode: empty (every mode), `hipify` (hipify-clang's conventions only: hipport
 * hipify), `translate` (every mode but those conventions). */
static Status rule_mode(Ctx *x, const char *value, sqlite3_stmt *st, int idx) {
  RuleMode m = !*value ? RM_EVERY : strcmp(value, "hipify") == 0 ? RM_HIPIFY : RM_TRANSLATE;
  if (m == RM_TRANSLATE && strcmp(value, "translate") != 0)
    return cm_fail(ST_INPUT, "%s:%d: mode is hipify, translate or empty, not '%s'", x->path, x->line, value);
  sqlite3_bind_int(st, idx, (int)m);
  return ST_OK;
}

static Status cast_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  char *end;
  long arg = strtol(field(c, cols[1]), &end, 10);
  if (!*field(c, cols[0]) || end == field(c, cols[1]) || *end || arg < 0)
    return cm_fail(ST_INPUT, "%s:%d: cuda_name and an argument index >= 0 are required", x->path, x->line);
  const char *wrapper = field(c, cols[2]);
  sqlite3_bind_text(st, 1, field(c, cols[0]), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(st, 2, (int)arg);
  sqlite3_bind_text(st, 3, *wrapper ? wrapper : "reinterpret_cast<const void*>", -1, SQLITE_TRANSIENT);
  return rule_mode(x, field(c, cols[3]), st, 4);
}

static Status default_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  char *end;
  long arg = strtol(field(c, cols[1]), &end, 10);
  if (!*field(c, cols[0]) || end == field(c, cols[1]) || *end || arg < 0 || !*field(c, cols[2]))
    return cm_fail(ST_INPUT, "%s:%d: cuda_name, an argument index >= 0 and a value are required", x->path, x->line);
  sqlite3_bind_text(st, 1, field(c, cols[0]), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(st, 2, (int)arg);
  sqlite3_bind_text(st, 3, field(c, cols[2]), -1, SQLITE_TRANSIENT);
  return rule_mode(x, field(c, cols[3]), st, 4);
}

/* A number column: empty gives `dflt`; anything else must be a whole number >= 0. */
static bool count_field(const char *v, long dflt, long *out) {
  char *end;
  *out = *v ? strtol(v, &end, 10) : dflt;
  return !*v || (!*end && *out >= 0);
}

/* The edit's name and the value it needs are checked by the schema and here:
 * an insert, a replacement or a wrapper with nothing to write is a typo. */
static Status arg_edit_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  long arg, dest, count, loss;
  const char *edit = field(c, cols[3]);
  bool needs_value = strcmp(edit, "insert") == 0 || strcmp(edit, "replace") == 0 || strcmp(edit, "wrap") == 0;
  bool needs_dest = strcmp(edit, "copy") == 0 || strcmp(edit, "move") == 0;
  if (!*field(c, cols[0]) || !*field(c, cols[2]) || !count_field(field(c, cols[2]), 0, &arg) ||
      !count_field(field(c, cols[5]), 0, &dest) || !count_field(field(c, cols[6]), 1, &count) ||
      !count_field(field(c, cols[7]), 0, &loss) || loss > 1 || needs_value != (*field(c, cols[4]) != 0) ||
      needs_dest != (*field(c, cols[5]) != 0))
    return cm_fail(ST_INPUT,
                   "%s:%d: cuda_name and arg are required; insert, replace and wrap take a value, copy and move "
                   "a dest, the others neither; data_loss is 0 or 1",
                   x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 1, 3, 4}, 4);
  sqlite3_bind_int(st, 3, (int)arg);
  sqlite3_bind_int(st, 6, (int)dest);
  sqlite3_bind_int(st, 7, (int)count);
  sqlite3_bind_int(st, 8, (int)loss);
  return ST_OK;
}

static Status overload_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  char *end;
  long params = strtol(field(c, cols[1]), &end, 10);
  if (!*field(c, cols[0]) || end == field(c, cols[1]) || *end || params < 0 || !*field(c, cols[2]))
    return cm_fail(ST_INPUT, "%s:%d: cuda_name, a parameter count >= 0 and as_name are required", x->path, x->line);
  sqlite3_bind_text(st, 1, field(c, cols[0]), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(st, 2, (int)params);
  sqlite3_bind_text(st, 3, field(c, cols[2]), -1, SQLITE_TRANSIENT);
  return ST_OK;
}

/* ORDER NVCC_COLUMNS: option, takes_value, action, hip, why */
static Status nvcc_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  const char *v = field(c, cols[1]);
  if (!*field(c, cols[0]) || (strcmp(v, "yes") != 0 && strcmp(v, "no") != 0))
    return cm_fail(ST_INPUT, "%s:%d: an option and takes_value yes or no are required", x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 2, 3, 4}, 4);
  sqlite3_bind_int(st, 2, strcmp(v, "yes") == 0);
  return ST_OK;
}

/* name_prefix, build_name and cuda_library rows: the key columns (`keys` of
 * them) are required, the rest may be "". */
static Status keyed_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st, int keys) {
  for (int i = 0; i < keys; i++)
    if (!*field(c, cols[i]))
      return cm_fail(ST_INPUT, "%s:%d: the first %d column(s) are required", x->path, x->line, keys);
  bind_texts(c, cols, st, (const int[]){0, 1, 2, 3, 4, 5, 6}, sqlite3_bind_parameter_count(st));
  return ST_OK;
}

/* mb: a whole number of megabytes, at least 1. */
static Status parse_weight_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  const char *mb = field(c, cols[1]);
  char *end;
  long n = strtol(mb, &end, 10);
  if (!*field(c, cols[0]) || !*mb || *end || n < 1 || n > 100000 || !*field(c, cols[2]))
    return cm_fail(ST_INPUT, "%s:%d: an include prefix, mb (a whole number, 1 or more) and measured are required",
                   x->path, x->line);
  bind_texts(c, cols, st, (const int[]){0, 1, 2}, 3);
  sqlite3_bind_int(st, 2, (int)n);
  return ST_OK;
}

static Status one_key_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) { return keyed_row(x, c, cols, st, 1); }

/* A wrapper's name ends with the command it wraps (cuda_add_library,
 * add_library): the port drops the rest, keeping the case written. */
static Status build_name_row(Ctx *x, Csv *c, const int *cols, sqlite3_stmt *st) {
  const char *cuda = field(c, cols[1]), *hip = field(c, cols[3]);
  size_t n = strlen(cuda), h = strlen(hip);
  if (strcmp(field(c, cols[2]), "wrapper") == 0 && (h == 0 || h >= n || strcmp(cuda + n - h, hip) != 0))
    return cm_fail(ST_INPUT, "%s:%d: a wrapper's name ends with the command it wraps (hip), not %s", x->path, x->line,
                   *hip ? hip : "nothing");
  return keyed_row(x, c, cols, st, 2);
}

static Status load_diagnostics(sqlite3 *db) {
  static const char *per[] = {[EP_USE] = "use", [EP_API] = "api", [EP_FILE] = "file"};
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, "INSERT INTO diagnostic VALUES (?,?,?,?,?,?)", -1, &st, NULL) != SQLITE_OK)
    return cm_fail(ST_ENV, "sqlite: %s", sqlite3_errmsg(db));
  for (int d = 0; d < D_COUNT; d++) {
    const DiagInfo *i = rl_diag((Diag)d);
    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, i->code, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, i->category, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, rl_severity_name(i->severity), -1, SQLITE_STATIC);
    sqlite3_bind_double(st, 4, i->effort_hours);
    sqlite3_bind_text(st, 5, per[i->per], -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, i->title, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_DONE) {
      sqlite3_finalize(st);
      return cm_fail(ST_ENV, "sqlite: %s", sqlite3_errmsg(db));
    }
  }
  sqlite3_finalize(st);
  return ST_OK;
}

#define RELEASE_TEXT(v) "(" v "/1000000) || '.' || (" v "/1000%1000) || '.' || (" v "%1000)"

/* Every release named by an HIP-side column becomes a known release. */
static const char releases_sql[] =
    "INSERT OR IGNORE INTO release SELECT v, " RELEASE_TEXT("v") " FROM ("
    " SELECT hip_added v FROM api UNION SELECT hip_deprecated FROM api UNION SELECT hip_changed FROM api"
    " UNION SELECT hip_removed FROM api UNION SELECT hip_experimental FROM api"
    " UNION SELECT hip_added FROM hip_name UNION SELECT hip_until FROM hip_name) WHERE v IS NOT NULL";

/* What the build computes for the meta table: the data's reach and size. The
 * newest CUDA release counts only libraries whose cuda_* columns are CUDA's. */
static const char meta_sql[] =
    "INSERT OR REPLACE INTO meta SELECT 'newest_rocm', " RELEASE_TEXT("max(version)") " FROM release;"
    "INSERT OR REPLACE INTO meta SELECT 'newest_cuda', " RELEASE_TEXT("max(v)") " FROM ("
    " SELECT max(ifnull(cuda_added, 0), ifnull(cuda_deprecated, 0), ifnull(cuda_changed, 0),"
    " ifnull(cuda_removed, 0)) v FROM api JOIN library ON library.name = api.library"
    " WHERE cuda_releases = 'CUDA');"
    "INSERT OR REPLACE INTO meta SELECT 'rows', count(*) FROM api;"
    "INSERT OR REPLACE INTO meta SELECT 'rows.' || library, count(*) FROM api GROUP BY library;"
    "INSERT OR REPLACE INTO meta SELECT 'libraries', count(DISTINCT library) FROM api;"
    "INSERT OR REPLACE INTO meta SELECT 'headers', count(*) FROM header;"
    "INSERT OR REPLACE INTO meta SELECT 'hazards', count(*) FROM hazard;"
    "INSERT OR REPLACE INTO meta SELECT 'hip_names', count(*) FROM hip_name;"
    "INSERT OR REPLACE INTO meta VALUES ('built_by', 'hipport " HIPPORT_VERSION "');";

/* A row naming a library libraries.csv lacks, or an earlier HIP name for a CUDA
 * name no api row has, is a typo: the build stops at the first. */
static const char dangling_sql[] =
    "SELECT source || ': library ' || library || ' (of ' || cuda_name || ') is not in libraries.csv'"
    " FROM api WHERE library NOT IN (SELECT name FROM library)"
    " UNION ALL SELECT 'hip_names.csv: ' || library || ' ' || cuda_name || ' has no api row'"
    " FROM hip_name WHERE NOT EXISTS (SELECT 1 FROM api WHERE api.library = hip_name.library"
    " AND api.cuda_name = hip_name.cuda_name) LIMIT 1";

static Status check_references(sqlite3 *db) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, dangling_sql, -1, &st, NULL) != SQLITE_OK)
    return cm_fail(ST_ENV, "sqlite: %s", sqlite3_errmsg(db));
  Status s = sqlite3_step(st) == SQLITE_ROW ? cm_fail(ST_INPUT, "%s", sqlite3_column_text(st, 0)) : ST_OK;
  sqlite3_finalize(st);
  return s;
}

typedef struct {
  const char *option;
  const char *const *columns;
  int ncols;
  const char *sql;
  RowFn row;
} Source;

#define COLS(...) (const char *const[]){__VA_ARGS__}, (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(char *))

/* What each option loads; --api may repeat, a later row replacing an earlier one. */
static const Source sources[] = {
    {"--api", api_columns, API_NCOLS, api_sql, api_row},
    {"--headers", COLS("cuda_header", "hip_header", "roc_header", "library", "note", "hipify_header",
                        "hipify_roc_header"),
     "INSERT INTO header VALUES (?,?,?,?,?,?,?)", header_row},
    /* ORDER HAZARD_COLUMNS */
    {"--hazards", COLS("code", "check", "pattern", "message", "constant_message", "since", "until"),
     "INSERT INTO hazard (code, check_kind, pattern, message, constant_message, since, until) VALUES (?,?,?,?,?,?,?)",
     hazard_row},
    /* ORDER WARP_COLUMNS */
    {"--warp", COLS("cuda_name", "native_since", "legacy_name", "mask_arg", "legacy_args", "enabled_by", "default_since"),
     "INSERT INTO warp_rewrite VALUES (?,?,?,?,?,?,?)", warp_row},
    {"--casts", COLS("cuda_name", "arg", "wrapper", "mode"), "INSERT INTO arg_cast VALUES (?,?,?,?)",
     cast_row},
    {"--defaults", COLS("cuda_name", "arg", "value", "mode"), "INSERT INTO default_arg VALUES (?,?,?,?)",
     default_row},
    {"--arg-edits", COLS("cuda_name", "backend", "arg", "edit", "value", "dest", "count", "data_loss"),
     "INSERT INTO arg_edit VALUES (?,?,?,?,?,?,?,?)",
     arg_edit_row},
    {"--overloads", COLS("cuda_name", "params", "as_name"), "INSERT INTO overload VALUES (?,?,?)", overload_row},
    {"--hip-names", COLS("library", "cuda_name", "hip_name", "hip_added", "hip_until"),
     "INSERT INTO hip_name VALUES (?,?,?,?,?)", hip_name_row},
    {"--members", COLS("cuda_type", "until", "members", "hip_members"), "INSERT INTO member_order VALUES (?,?,?,?)",
     member_row},
    {"--hints", COLS("cuda_name", "scalar_form", "other_form", "hip_types", "hip_since"),
     "INSERT INTO cache_hint VALUES (?,?,?,?,?)", hint_row},
    {"--type-headers", COLS("hip_name", "header"), "INSERT INTO type_header VALUES (?,?)", text_row},
    {"--legacy-headers", COLS("cuda_header", "modern_suffix", "why"), "INSERT INTO legacy_header VALUES (?,?,?)", text_row},
    {"--parse-weights", COLS("include", "mb", "measured"), "INSERT INTO parse_weight VALUES (?,?,?)",
     parse_weight_row},
    {"--host-names", COLS("cuda_name", "host_name"), "INSERT INTO host_name VALUES (?,?)", text_row},
    {"--struct-names", COLS("cuda_name", "struct_name"), "INSERT INTO struct_name VALUES (?,?)", text_row},
    {"--predefined-macros", COLS("name", "value"), "INSERT INTO predefined_macro VALUES (?,?)", text_row},
    {"--std-headers", COLS("name", "headers"), "INSERT INTO std_header VALUES (?,?)", text_row},
    {"--signatures", COLS("cuda_name", "cuda_params", "cuda_required", "hip_name", "hip_params", "hip_required",
                          "type_differs", "cuda_release", "hip_release", "cuda_signature", "hip_signature"),
     "INSERT INTO signature VALUES (?,?,?,?,?,?,?,?,?,?,?)", signature_row},
    {"--libraries", COLS("library", "title", "cuda_releases", "hipify_api"), "INSERT INTO library VALUES (?,?,?,?)",
     library_row},
    {"--hipify-types", COLS("library", "section", "kind", "hipify_type"),
     "INSERT INTO hipify_type (library, section, kind, hipify_type) VALUES (?,?,?,?)", hipify_type_row},
    {"--member-wraps", COLS("cuda_member", "hip_type", "before", "after"), "INSERT INTO member_wrap VALUES (?,?,?,?)",
     text_row},
    {"--hipify-roc-names", COLS("cuda_name", "roc_name", "asked_by"), "INSERT INTO hipify_roc_name VALUES (?,?,?)",
     text_row},
    {"--meta", COLS("key", "value"), "INSERT INTO meta VALUES (?,?)", text_row},
    /* ORDER NVCC_COLUMNS */
    {"--nvcc-options", COLS("option", "takes_value", "action", "hip", "why"),
     "INSERT INTO nvcc_option VALUES (?,?,?,?,?)", nvcc_row},
    {"--build-names", COLS("system", "cuda", "kind", "hip", "why"), "INSERT INTO build_name VALUES (?,?,?,?,?)",
     build_name_row},
    {"--cuda-libraries", COLS("cuda", "link", "target", "package", "hip_library", "header", "why"),
     "INSERT INTO cuda_library VALUES (?,?,?,?,?,?,?)", one_key_row},
    {"--name-prefixes", COLS("prefix", "next"), "INSERT INTO name_prefix VALUES (?,?)", one_key_row},
    {"--same-name-libraries", COLS("name"), "INSERT INTO same_name_library VALUES (?)", text_row},
    {"--namespaced-libraries", COLS("name"), "INSERT INTO namespaced_library VALUES (?)", text_row},
    {"--wide-masks", COLS("prefix"), "INSERT INTO wide_mask VALUES (?)", text_row},
    {"--marks", COLS("file", "mark"), "INSERT INTO mark VALUES (?,?)", text_row},
    {"--result-casts", COLS("cuda_name", "before"), "INSERT INTO result_cast VALUES (?,?)", text_row},
    {"--call-results", COLS("cuda_name", "result_type"), "INSERT INTO call_result VALUES (?,?)", text_row},
};

static const Source *source_for(const char *option) {
  for (size_t k = 0; k < sizeof sources / sizeof *sources; k++)
    if (strcmp(option, sources[k].option) == 0)
      return &sources[k];
  return NULL;
}

static Status build(Ctx *x, int argc, char **argv) {
  char *schema;
  size_t len;
  Status st = cm_read_file(argv[2], &schema, &len);
  if (st)
    return st;
  st = exec(x->db, schema);
  free(schema);
  if (st || (st = exec(x->db, "BEGIN")) || (st = load_diagnostics(x->db)))
    return st;
  for (int i = 3; i + 1 < argc && !st; i += 2) {
    const Source *s = source_for(argv[i]);
    st = s ? load_csv(x, argv[i + 1], s->columns, s->ncols, s->sql, s->row) : cm_fail(ST_USAGE, "unknown option %s", argv[i]);
  }
  if (!st && !(st = check_references(x->db)) && !(st = exec(x->db, releases_sql)))
    st = exec(x->db, meta_sql);
  return st ? st : exec(x->db, "COMMIT");
}

int main(int argc, char **argv) {
  if (argc < 5 || argc % 2 == 0) {
    fprintf(stderr, "usage: %s OUT.db SCHEMA.sql (--meta|--libraries|--api|--hip-names|--headers|--hazards|--warp|--casts|--defaults|--arg-edits|--members|--hints|--type-headers|--legacy-headers|--parse-weights|--host-names|--struct-names|--predefined-macros|--std-headers|--signatures|--overloads|--hipify-types|--hipify-roc-names|--member-wraps|--nvcc-options|--build-names|--cuda-libraries|--name-prefixes|--same-name-libraries|--namespaced-libraries|--marks|--result-casts|--call-results|--wide-masks) FILE.csv...\n", argv[0]);
    return ST_USAGE;
  }
  char *tmp = cm_xasprintf("%s.tmp", argv[1]);
  remove(tmp);
  Ctx x = {0};
  Status st = ST_OK;
  if (sqlite3_open(tmp, &x.db) != SQLITE_OK)
    st = cm_fail(ST_ENV, "%s: cannot create: %s", tmp, sqlite3_errmsg(x.db));
  else
    st = build(&x, argc, argv);
  sqlite3_close(x.db);
  if (!st && rename(tmp, argv[1]) != 0)
    st = cm_fail(ST_ENV, "%s: cannot rename into place", argv[1]);
  if (st) {
    remove(tmp);
    fprintf(stderr, "hipport-rulesdb: %s\n", cm_error());
  }
  free(tmp);
  return st;
}
