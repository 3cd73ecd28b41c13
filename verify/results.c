/* Verify results kept in SQLite: one row per program, target and run, with the
 * machine it ran on and the timings the programs printed, so that a CUDA timing
 * recorded on an NVIDIA machine and a HIP timing from an AMD one can meet later
 * for the gap score. */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "verify.h"

struct ResultDb {
  sqlite3 *db;
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS verify_run ("
    " id INTEGER PRIMARY KEY, at TEXT NOT NULL, program TEXT NOT NULL, dir TEXT, arch TEXT NOT NULL,"
    " status TEXT NOT NULL, detail TEXT, cuda_build TEXT,"
    " nvidia_gpu TEXT, amd_gpu TEXT, cuda_ms REAL, hip_ms REAL,"
    " max_abs REAL, max_rel REAL, numbers INTEGER);"
    "CREATE INDEX IF NOT EXISTS verify_run_program ON verify_run (program, id);"
    "CREATE TABLE IF NOT EXISTS scan ("
    " id INTEGER PRIMARY KEY, at TEXT NOT NULL, root TEXT NOT NULL, target TEXT NOT NULL,"
    " cuda_files INTEGER, uses INTEGER, mapped_uses INTEGER, effort_hours REAL,"
    " compatibility TEXT NOT NULL);  -- JSON: ROCm release -> % of uses available";

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

Status vf_db_open(const char *path, ResultDb **out) {
  make_parent(path);
  ResultDb *r = cm_xcalloc(1, sizeof *r);
  char *err = NULL;
  if (sqlite3_open(path, &r->db) != SQLITE_OK || sqlite3_busy_timeout(r->db, 5000) != SQLITE_OK ||
      sqlite3_exec(r->db, schema, NULL, NULL, &err) != SQLITE_OK) {
    Status st = cm_fail(ST_ENV, "%s: cannot open the results database: %s", path, err ? err : sqlite3_errmsg(r->db));
    sqlite3_free(err);
    vf_db_close(r);
    return st;
  }
  *out = r;
  return ST_OK;
}

void vf_db_close(ResultDb *db) {
  if (!db)
    return;
  sqlite3_close(db->db);
  free(db);
}

static void bind_ms(sqlite3_stmt *st, int i, double ms) {
  if (ms >= 0)
    sqlite3_bind_double(st, i, ms);
  else
    sqlite3_bind_null(st, i);
}

static void bind_opt_text(sqlite3_stmt *st, int i, const char *s) {
  if (s)
    sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null(st, i);
}

Status vf_db_record(ResultDb *db, const Program *p, const char *arch, const Machine *m, const VerifyResult *r) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db->db,
                         "INSERT INTO verify_run (at, program, arch, status, detail, cuda_build, nvidia_gpu, amd_gpu,"
                         " cuda_ms, hip_ms, max_abs, max_rel, numbers, dir) VALUES"
                         " (strftime('%Y-%m-%dT%H:%M:%SZ','now'),?,?,?,?,?,?,?,?,?,?,?,?,?)",
                         -1, &st, NULL) != SQLITE_OK)
    return cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
  sqlite3_bind_text(st, 1, p->name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(st, 2, arch, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(st, 3, vf_status_name(r->status), -1, SQLITE_STATIC);
  bind_opt_text(st, 4, r->detail);
  bind_opt_text(st, 5, r->cuda_build);
  bind_opt_text(st, 6, r->cuda_gpu);
  bind_opt_text(st, 7, m->amd ? m->amd_name : NULL);
  bind_ms(st, 8, r->cuda_ms);
  bind_ms(st, 9, r->hip_ms);
  sqlite3_bind_double(st, 10, r->cmp.max_abs);
  sqlite3_bind_double(st, 11, r->cmp.max_rel);
  sqlite3_bind_int64(st, 12, (sqlite3_int64)r->cmp.numbers);
  sqlite3_bind_text(st, 13, p->dir, -1, SQLITE_TRANSIENT);
  int rc = sqlite3_step(st);
  sqlite3_finalize(st);
  return rc == SQLITE_DONE ? ST_OK : cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
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
      *gpu = cm_xstrdup((const char *)sqlite3_column_text(st, 1));
      found = true;
    }
    sqlite3_finalize(st);
  }
  sqlite3_free(sql);
  return found;
}

bool vf_db_timings(ResultDb *db, const char *program, double *cuda_ms, char **nvidia, double *hip_ms, char **amd) {
  *nvidia = *amd = NULL;
  bool c = newest(db, program, "cuda_ms", "nvidia_gpu", cuda_ms, nvidia);
  bool h = newest(db, program, "hip_ms", "amd_gpu", hip_ms, amd);
  return c && h;
}

Status vf_db_record_scan(ResultDb *db, const ScanRecord *s) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db->db,
                         "INSERT INTO scan (at, root, target, cuda_files, uses, mapped_uses, effort_hours, compatibility)"
                         " VALUES (strftime('%Y-%m-%dT%H:%M:%SZ','now'),?,?,?,?,?,?,?)",
                         -1, &st, NULL) != SQLITE_OK)
    return cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
  sqlite3_bind_text(st, 1, s->root, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(st, 2, s->target, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(st, 3, (sqlite3_int64)s->cuda_files);
  sqlite3_bind_int64(st, 4, (sqlite3_int64)s->uses);
  sqlite3_bind_int64(st, 5, (sqlite3_int64)s->mapped_uses);
  sqlite3_bind_double(st, 6, s->effort_hours);
  sqlite3_bind_text(st, 7, s->compatibility_json, -1, SQLITE_TRANSIENT);
  int rc = sqlite3_step(st);
  sqlite3_finalize(st);
  return rc == SQLITE_DONE ? ST_OK : cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
}

static char *column_dup(sqlite3_stmt *st, int i) {
  const unsigned char *t = sqlite3_column_text(st, i);
  return cm_xstrdup(t ? (const char *)t : "");
}

/* The newest verify result of each program whose folder is under root. */
Status vf_db_latest_under(ResultDb *db, const char *root, VerifyRecords *out) {
  sqlite3_stmt *st;
  *out = (VerifyRecords){0};
  if (sqlite3_prepare_v2(db->db,
                         "SELECT program, dir, status, detail, at FROM verify_run v WHERE id ="
                         " (SELECT max(id) FROM verify_run w WHERE w.dir = v.dir)"
                         " AND (dir = ?1 OR substr(dir, 1, length(?1) + 1) = ?1 || '/') ORDER BY program",
                         -1, &st, NULL) != SQLITE_OK)
    return cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
  sqlite3_bind_text(st, 1, root, -1, SQLITE_TRANSIENT);
  while (sqlite3_step(st) == SQLITE_ROW) {
    VerifyRecord r = {column_dup(st, 0), column_dup(st, 1), column_dup(st, 2), column_dup(st, 3), column_dup(st, 4)};
    vec_push(out, r);
  }
  sqlite3_finalize(st);
  return ST_OK;
}

void vf_records_free(VerifyRecords *r) {
  for (size_t i = 0; i < r->len; i++) {
    VerifyRecord *v = &r->items[i];
    free(v->program), free(v->dir), free(v->status), free(v->detail), free(v->at);
  }
  vec_free(r);
}

char *vf_db_default_path(void) {
  const char *data = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
  if (data && *data)
    return cm_xasprintf("%s/hipport/results.db", data);
  return cm_xasprintf("%s/.local/share/hipport/results.db", home && *home ? home : ".");
}
