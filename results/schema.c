/* The results schema, version by version: each step takes a database from the
 * version before it to its own, and is never changed once released (a new
 * column is a new step). A database with no version is one hipport 0.1 wrote
 * before versions were kept, or a new file: step 1 is the schema of that time,
 * so it makes a new file and leaves an old one as it was. */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "results_p.h"

static const char v1[] =
    "CREATE TABLE IF NOT EXISTS verify_run ("
    " id INTEGER PRIMARY KEY, at TEXT NOT NULL, program TEXT NOT NULL, dir TEXT, arch TEXT NOT NULL,"
    " status TEXT NOT NULL, detail TEXT, cuda_build TEXT,"
    " nvidia_gpu TEXT, amd_gpu TEXT, cuda_ms REAL, hip_ms REAL,"
    " max_abs REAL, max_rel REAL, numbers INTEGER);"
    "CREATE INDEX IF NOT EXISTS verify_run_program ON verify_run (program, id);"
    "CREATE TABLE IF NOT EXISTS scan ("
    " id INTEGER PRIMARY KEY, at TEXT NOT NULL, root TEXT NOT NULL, target TEXT NOT NULL,"
    " cuda_files INTEGER, uses INTEGER, mapped_uses INTEGER, effort_hours REAL,"
    " compatibility TEXT NOT NULL);";

/* Who scanned what, and the numbers per release and per group. Scans kept
 * before this step get the root folder's name as their project. */
static const char v2[] =
    "ALTER TABLE scan ADD COLUMN hipport_version TEXT;"
    "ALTER TABLE scan ADD COLUMN rules_version TEXT;"
    "ALTER TABLE scan ADD COLUMN project TEXT;"
    "ALTER TABLE scan ADD COLUMN commit_id TEXT;"
    "ALTER TABLE scan ADD COLUMN dirty INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE scan ADD COLUMN findings INTEGER;"
    "ALTER TABLE scan ADD COLUMN need_work INTEGER;"
    "ALTER TABLE scan ADD COLUMN target_percent REAL;"
    "ALTER TABLE scan ADD COLUMN report TEXT;"
    "UPDATE scan SET project = hp_basename(root), target_percent = json_extract(compatibility, '$.\"' || target || '\"');"
    "CREATE INDEX scan_project ON scan (project, id);"
    "CREATE TABLE scan_release (scan INTEGER NOT NULL REFERENCES scan(id), release TEXT NOT NULL,"
    " percent REAL NOT NULL, percent_unique REAL NOT NULL, PRIMARY KEY (scan, release));"
    "INSERT INTO scan_release SELECT s.id, j.key, j.value, j.value FROM scan s, json_each(s.compatibility) j;"
    "CREATE TABLE scan_group (scan INTEGER NOT NULL REFERENCES scan(id), kind TEXT NOT NULL, name TEXT NOT NULL,"
    " uses INTEGER, mapped INTEGER, findings INTEGER, need_work INTEGER, effort_hours REAL,"
    " PRIMARY KEY (scan, kind, name));";

/* Verify runs of whole trees (a project with no manifest): the unit counts
 * history follows, and each unit's status and mapped error. */
static const char v3[] =
    "CREATE TABLE verify_tree (id INTEGER PRIMARY KEY, at TEXT NOT NULL, project TEXT NOT NULL, commit_id TEXT,"
    " root TEXT NOT NULL, arch TEXT NOT NULL, built_with TEXT, amd_gpu TEXT, units INTEGER NOT NULL,"
    " compiling INTEGER NOT NULL, failing_reported INTEGER NOT NULL, failing_unforeseen INTEGER NOT NULL,"
    " missing_library INTEGER NOT NULL);"
    "CREATE INDEX verify_tree_project ON verify_tree (project, id);"
    "CREATE TABLE verify_unit (tree INTEGER NOT NULL REFERENCES verify_tree(id), unit TEXT NOT NULL,"
    " status TEXT NOT NULL, file TEXT, line INTEGER, col INTEGER, code TEXT, explanation TEXT, error TEXT,"
    " PRIMARY KEY (tree, unit));";

static const char *const steps[] = {v1, v2, v3};
enum { NSTEPS = sizeof steps / sizeof *steps };

int rs_schema_version(void) { return NSTEPS; }

static void basename_fn(sqlite3_context *c, int argc, sqlite3_value **argv) {
  const char *path = (const char *)sqlite3_value_text(argv[0]);
  const char *slash = path ? strrchr(path, '/') : NULL;
  sqlite3_result_text(c, slash && slash[1] ? slash + 1 : path, -1, SQLITE_TRANSIENT);
}

static Status fail(sqlite3 *db, const char *path, char *err) {
  Status st = cm_fail(ST_ENV, "%s: cannot upgrade the results database: %s (move it aside to start a new one)", path,
                      err ? err : sqlite3_errmsg(db));
  sqlite3_free(err);
  sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  return st;
}

/* One transaction from the version found to this one; a newer version than
 * this hipport knows is left alone. */
Status rs_migrate(sqlite3 *db, const char *path) {
  char *err = NULL;
  sqlite3_create_function(db, "hp_basename", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, basename_fn, NULL, NULL);
  if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &err) != SQLITE_OK)
    return fail(db, path, err);
  sqlite3_stmt *st;
  int version = 0;
  if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
    version = sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  if (version > NSTEPS) {
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    return cm_fail(ST_ENV, "%s: results database of schema %d, newer than this hipport's %d: use a newer hipport", path,
                   version, NSTEPS);
  }
  for (int v = version; v < NSTEPS; v++)
    if (sqlite3_exec(db, steps[v], NULL, NULL, &err) != SQLITE_OK)
      return fail(db, path, err);
  char *set = sqlite3_mprintf("PRAGMA user_version = %d; COMMIT", NSTEPS);
  int rc = sqlite3_exec(db, set, NULL, NULL, &err);
  sqlite3_free(set);
  return rc == SQLITE_OK ? ST_OK : fail(db, path, err);
}
