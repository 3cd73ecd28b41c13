/* The results database: opening it (the schema upgraded on the way), verify
 * runs in and out, scans in and out. Every statement is prepared with its
 * values bound, never pasted into SQL. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "results_p.h"

/* The folder of a database path, made if missing (like `mkdir -p`). */
static void make_parent(const char *path) {
  char *dir = cm_xstrdup(path);
  for (char *p = dir + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      mkdir(dir, 0777);
      *p = '/';
    }
  free(dir);
}

Status rs_open(const char *path, ResultDb **out) {
  make_parent(path);
  ResultDb *r = cm_xcalloc(1, sizeof *r);
  Status st = ST_OK;
  if (sqlite3_open(path, &r->db) != SQLITE_OK || sqlite3_busy_timeout(r->db, 5000) != SQLITE_OK)
    st = cm_fail(ST_ENV, "%s: cannot open the results database: %s", path, sqlite3_errmsg(r->db));
  if (!st)
    st = rs_migrate(r->db, path);
  if (st) {
    rs_close(r);
    return st;
  }
  *out = r;
  return ST_OK;
}

void rs_close(ResultDb *db) {
  if (!db)
    return;
  sqlite3_close(db->db);
  free(db);
}

char *rs_default_path(void) {
  const char *data = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
  if (data && *data)
    return cm_xasprintf("%s/hipport/results.db", data);
  return cm_xasprintf("%s/.local/share/hipport/results.db", home && *home ? home : ".");
}

Status rs_prepare(ResultDb *db, const char *sql, sqlite3_stmt **st) {
  if (sqlite3_prepare_v2(db->db, sql, -1, st, NULL) == SQLITE_OK)
    return ST_OK;
  return cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
}

Status rs_step_done(ResultDb *db, sqlite3_stmt *st) {
  int rc = sqlite3_step(st);
  sqlite3_finalize(st);
  return rc == SQLITE_DONE ? ST_OK : cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
}

void rs_bind_text(sqlite3_stmt *st, int i, const char *s) {
  if (s)
    sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null(st, i);
}

static void bind_ms(sqlite3_stmt *st, int i, double ms) {
  if (ms >= 0)
    sqlite3_bind_double(st, i, ms);
  else
    sqlite3_bind_null(st, i);
}

char *rs_column_dup(sqlite3_stmt *st, int i) {
  const unsigned char *t = sqlite3_column_text(st, i);
  return cm_xstrdup(t ? (const char *)t : "");
}

char *rs_column_dup_null(sqlite3_stmt *st, int i) {
  const unsigned char *t = sqlite3_column_text(st, i);
  return t ? cm_xstrdup((const char *)t) : NULL;
}

/* ---- verify runs ---- */

Status rs_record_verify(ResultDb *db, const RsVerifyRun *r) {
  sqlite3_stmt *st;
  Status s = rs_prepare(db,
                     "INSERT INTO verify_run (at, program, arch, status, detail, cuda_build, nvidia_gpu, amd_gpu,"
                     " cuda_ms, hip_ms, max_abs, max_rel, numbers, dir) VALUES"
                     " (strftime('%Y-%m-%dT%H:%M:%SZ','now'),?,?,?,?,?,?,?,?,?,?,?,?,?)",
                     &st);
  if (s)
    return s;
  rs_bind_text(st, 1, r->program), rs_bind_text(st, 2, r->arch), rs_bind_text(st, 3, r->status), rs_bind_text(st, 4, r->detail);
  rs_bind_text(st, 5, r->cuda_build), rs_bind_text(st, 6, r->nvidia_gpu), rs_bind_text(st, 7, r->amd_gpu);
  bind_ms(st, 8, r->cuda_ms), bind_ms(st, 9, r->hip_ms);
  sqlite3_bind_double(st, 10, r->max_abs), sqlite3_bind_double(st, 11, r->max_rel);
  sqlite3_bind_int64(st, 12, (sqlite3_int64)r->numbers);
  rs_bind_text(st, 13, r->dir);
  return rs_step_done(db, st);
}

/* The newest non-null value of one timing column, with its GPU's name. */
static bool newest(ResultDb *db, const char *program, const char *ms_col, const char *gpu_col, double *ms, char **gpu) {
  char *sql = sqlite3_mprintf("SELECT %s, %s FROM verify_run WHERE program = ? AND %s IS NOT NULL AND %s IS NOT NULL"
                              " ORDER BY id DESC LIMIT 1",
                              ms_col, gpu_col, ms_col, gpu_col);
  sqlite3_stmt *st;
  bool found = false;
  if (sqlite3_prepare_v2(db->db, sql, -1, &st, NULL) == SQLITE_OK) {
    sqlite3_bind_text(st, 1, program, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW) {
      *ms = sqlite3_column_double(st, 0);
      *gpu = rs_column_dup(st, 1);
      found = true;
    }
    sqlite3_finalize(st);
  }
  sqlite3_free(sql);
  return found;
}

bool rs_timings(ResultDb *db, const char *program, double *cuda_ms, char **nvidia, double *hip_ms, char **amd) {
  *nvidia = *amd = NULL;
  bool c = newest(db, program, "cuda_ms", "nvidia_gpu", cuda_ms, nvidia);
  bool h = newest(db, program, "hip_ms", "amd_gpu", hip_ms, amd);
  return c && h;
}

Status rs_latest_verify_under(ResultDb *db, const char *root, VerifyRecords *out) {
  sqlite3_stmt *st;
  *out = (VerifyRecords){0};
  Status s = rs_prepare(db,
                     "SELECT program, dir, status, detail, at FROM verify_run v WHERE id ="
                     " (SELECT max(id) FROM verify_run w WHERE w.dir = v.dir)"
                     " AND (dir = ?1 OR substr(dir, 1, length(?1) + 1) = ?1 || '/') ORDER BY program",
                     &st);
  if (s)
    return s;
  sqlite3_bind_text(st, 1, root, -1, SQLITE_TRANSIENT);
  while (sqlite3_step(st) == SQLITE_ROW) {
    VerifyRecord r = {rs_column_dup(st, 0), rs_column_dup(st, 1), rs_column_dup(st, 2), rs_column_dup(st, 3), rs_column_dup(st, 4)};
    vec_push(out, r);
  }
  sqlite3_finalize(st);
  return ST_OK;
}

void rs_verify_records_free(VerifyRecords *r) {
  for (size_t i = 0; i < r->len; i++) {
    VerifyRecord *v = &r->items[i];
    free(v->program), free(v->dir), free(v->status), free(v->detail), free(v->at);
  }
  vec_free(r);
}

/* ---- scans ---- */

/* The old compatibility column, kept filled for hipport 0.1's readers. */
static char *compatibility_json(const RsScan *s) {
  Buf b = {0};
  buf_puts(&b, "{");
  for (size_t i = 0; i < s->releases.len; i++)
    buf_printf(&b, "%s\"%s\": %.4f", i ? ", " : "", s->releases.items[i].release, s->releases.items[i].percent);
  buf_puts(&b, "}");
  char *out = cm_xstrdup(buf_cstr(&b));
  buf_free(&b);
  return out;
}

static Status insert_scan(ResultDb *db, const RsScan *s) {
  sqlite3_stmt *st;
  Status e = rs_prepare(db,
                     "INSERT INTO scan (at, root, target, cuda_files, uses, mapped_uses, effort_hours, compatibility,"
                     " hipport_version, rules_version, project, commit_id, dirty, findings, need_work, target_percent,"
                     " report) VALUES (strftime('%Y-%m-%dT%H:%M:%SZ','now'),?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                     &st);
  if (e)
    return e;
  char *compat = compatibility_json(s);
  rs_bind_text(st, 1, s->root), rs_bind_text(st, 2, s->target);
  sqlite3_bind_int64(st, 3, (sqlite3_int64)s->cuda_files), sqlite3_bind_int64(st, 4, (sqlite3_int64)s->uses);
  sqlite3_bind_int64(st, 5, (sqlite3_int64)s->mapped_uses), sqlite3_bind_double(st, 6, s->effort_hours);
  rs_bind_text(st, 7, compat), rs_bind_text(st, 8, s->hipport_version), rs_bind_text(st, 9, s->rules_version);
  rs_bind_text(st, 10, s->project.name), rs_bind_text(st, 11, s->project.commit), sqlite3_bind_int(st, 12, s->project.dirty);
  sqlite3_bind_int64(st, 13, (sqlite3_int64)s->findings), sqlite3_bind_int64(st, 14, (sqlite3_int64)s->need_work);
  sqlite3_bind_double(st, 15, s->target_percent), rs_bind_text(st, 16, s->report_json);
  free(compat);
  return rs_step_done(db, st);
}

static Status insert_rows(ResultDb *db, const RsScan *s, long long id) {
  sqlite3_stmt *st;
  Status e = rs_prepare(db, "INSERT INTO scan_release VALUES (?,?,?,?)", &st);
  for (size_t i = 0; !e && i < s->releases.len; i++) {
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, id), rs_bind_text(st, 2, s->releases.items[i].release);
    sqlite3_bind_double(st, 3, s->releases.items[i].percent), sqlite3_bind_double(st, 4, s->releases.items[i].percent_unique);
    if (sqlite3_step(st) != SQLITE_DONE)
      e = cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
  }
  sqlite3_finalize(st);
  if (e || (e = rs_prepare(db, "INSERT INTO scan_group VALUES (?,?,?,?,?,?,?,?)", &st)))
    return e;
  for (size_t i = 0; !e && i < s->groups.len; i++) {
    const RsGroup *g = &s->groups.items[i];
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, id), rs_bind_text(st, 2, g->kind), rs_bind_text(st, 3, g->name);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)g->uses), sqlite3_bind_int64(st, 5, (sqlite3_int64)g->mapped);
    sqlite3_bind_int64(st, 6, (sqlite3_int64)g->findings), sqlite3_bind_int64(st, 7, (sqlite3_int64)g->need_work);
    sqlite3_bind_double(st, 8, g->effort_hours);
    if (sqlite3_step(st) != SQLITE_DONE)
      e = cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
  }
  sqlite3_finalize(st);
  return e;
}

Status rs_record_scan(ResultDb *db, const RsScan *s, long long *id) {
  if (sqlite3_exec(db->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
    return cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
  Status e = insert_scan(db, s);
  *id = sqlite3_last_insert_rowid(db->db);
  if (!e)
    e = insert_rows(db, s, *id);
  sqlite3_exec(db->db, e ? "ROLLBACK" : "COMMIT", NULL, NULL, NULL);
  return e;
}

#define SCAN_COLUMNS                                                                                                   \
  "id, at, root, hipport_version, rules_version, target, project, commit_id, dirty, cuda_files, uses, mapped_uses,"    \
  " findings, need_work, effort_hours, target_percent"

static void read_scan(sqlite3_stmt *st, RsScan *s) {
  *s = (RsScan){.id = sqlite3_column_int64(st, 0), .at = rs_column_dup(st, 1), .root = rs_column_dup(st, 2),
                .hipport_version = rs_column_dup(st, 3), .rules_version = rs_column_dup(st, 4), .target = rs_column_dup(st, 5),
                .project = {rs_column_dup(st, 6), rs_column_dup_null(st, 7), sqlite3_column_int(st, 8) != 0},
                .cuda_files = (size_t)sqlite3_column_int64(st, 9), .uses = (size_t)sqlite3_column_int64(st, 10),
                .mapped_uses = (size_t)sqlite3_column_int64(st, 11), .findings = (size_t)sqlite3_column_int64(st, 12),
                .need_work = (size_t)sqlite3_column_int64(st, 13), .effort_hours = sqlite3_column_double(st, 14),
                .target_percent = sqlite3_column_double(st, 15)};
}

static void read_rows(ResultDb *db, RsScan *s) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db->db, "SELECT release, percent, percent_unique FROM scan_release WHERE scan = ? ORDER BY rowid",
                         -1, &st, NULL) == SQLITE_OK) {
    sqlite3_bind_int64(st, 1, s->id);
    while (sqlite3_step(st) == SQLITE_ROW) {
      RsRelease r = {rs_column_dup(st, 0), sqlite3_column_double(st, 1), sqlite3_column_double(st, 2)};
      vec_push(&s->releases, r);
    }
    sqlite3_finalize(st);
  }
  if (sqlite3_prepare_v2(db->db, "SELECT kind, name, uses, mapped, findings, need_work, effort_hours FROM scan_group"
                                 " WHERE scan = ? ORDER BY rowid", -1, &st, NULL) == SQLITE_OK) {
    sqlite3_bind_int64(st, 1, s->id);
    while (sqlite3_step(st) == SQLITE_ROW) {
      RsGroup g = {rs_column_dup(st, 0), rs_column_dup(st, 1), (size_t)sqlite3_column_int64(st, 2),
                   (size_t)sqlite3_column_int64(st, 3), (size_t)sqlite3_column_int64(st, 4),
                   (size_t)sqlite3_column_int64(st, 5), sqlite3_column_double(st, 6)};
      vec_push(&s->groups, g);
    }
    sqlite3_finalize(st);
  }
}

Status rs_history(ResultDb *db, const char *project, RsScans *out) {
  *out = (RsScans){0};
  sqlite3_stmt *st;
  Status e = rs_prepare(db, "SELECT " SCAN_COLUMNS " FROM scan WHERE project = ? ORDER BY id", &st);
  if (e)
    return e;
  rs_bind_text(st, 1, project);
  while (sqlite3_step(st) == SQLITE_ROW) {
    RsScan s;
    read_scan(st, &s);
    vec_push(out, s);
  }
  sqlite3_finalize(st);
  for (size_t i = 0; i < out->len; i++)
    read_rows(db, &out->items[i]);
  return ST_OK;
}

Status rs_load_scan(ResultDb *db, long long id, const char *project, RsScan *out) {
  sqlite3_stmt *st;
  const char *sql = id > 0 ? "SELECT " SCAN_COLUMNS ", report FROM scan WHERE id = ?1"
                           : "SELECT " SCAN_COLUMNS ", report FROM scan WHERE ?2 IS NULL OR project = ?2"
                             " ORDER BY id DESC LIMIT 1";
  Status e = rs_prepare(db, sql, &st);
  if (e)
    return e;
  sqlite3_bind_int64(st, 1, id);
  rs_bind_text(st, 2, project);
  if (sqlite3_step(st) != SQLITE_ROW) {
    sqlite3_finalize(st);
    if (id > 0)
      return cm_fail_cause(ST_INPUT, RS_NO_SUCH_SCAN, "no scan %lld in the results database", id);
    return cm_fail(ST_INPUT, "no scan of %s in the results database: scan it first", project ? project : "any project");
  }
  read_scan(st, out);
  out->report_json = rs_column_dup_null(st, 16);
  sqlite3_finalize(st);
  read_rows(db, out);
  return ST_OK;
}

void rs_scan_free(RsScan *s) {
  free(s->at), free(s->root), free(s->hipport_version), free(s->rules_version), free(s->target), free(s->report_json);
  rs_project_free(&s->project);
  for (size_t i = 0; i < s->releases.len; i++)
    free(s->releases.items[i].release);
  for (size_t i = 0; i < s->groups.len; i++)
    free(s->groups.items[i].kind), free(s->groups.items[i].name);
  vec_free(&s->releases);
  vec_free(&s->groups);
  *s = (RsScan){0};
}

void rs_scans_free(RsScans *s) {
  for (size_t i = 0; i < s->len; i++)
    rs_scan_free(&s->items[i]);
  vec_free(s);
}
