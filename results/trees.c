/* Verify runs of whole trees: one row per run with the unit counts (what
 * history follows: units compiling over time), and one row per unit with its
 * status and its error mapped to the CUDA line. A run belongs to the project
 * its root does, as a scan does. */
#include <stdlib.h>

#include "results_p.h"

static Status insert_run(ResultDb *db, const RsTreeRun *r, const Project *p) {
  sqlite3_stmt *st;
  Status s = rs_prepare(db,
                        "INSERT INTO verify_tree (at, project, commit_id, root, arch, built_with, amd_gpu, units,"
                        " compiling, failing_reported, failing_unforeseen, missing_library) VALUES"
                        " (strftime('%Y-%m-%dT%H:%M:%SZ','now'),?,?,?,?,?,?,?,?,?,?,?)",
                        &st);
  if (s)
    return s;
  rs_bind_text(st, 1, p->name), rs_bind_text(st, 2, p->commit), rs_bind_text(st, 3, r->root);
  rs_bind_text(st, 4, r->arch), rs_bind_text(st, 5, r->built_with), rs_bind_text(st, 6, r->amd_gpu);
  size_t counts[] = {r->units, r->compiling, r->failing_reported, r->failing_unforeseen, r->missing_library};
  for (int i = 0; i < 5; i++)
    sqlite3_bind_int64(st, 7 + i, (sqlite3_int64)counts[i]);
  return rs_step_done(db, st);
}

static Status insert_unit(ResultDb *db, long long tree, const RsUnit *u) {
  sqlite3_stmt *st;
  Status s = rs_prepare(db,
                        "INSERT OR REPLACE INTO verify_unit (tree, unit, status, file, line, col, code, explanation, error)"
                        " VALUES (?,?,?,?,?,?,?,?,?)",
                        &st);
  if (s)
    return s;
  sqlite3_bind_int64(st, 1, tree);
  rs_bind_text(st, 2, u->unit), rs_bind_text(st, 3, u->status), rs_bind_text(st, 4, u->file);
  sqlite3_bind_int(st, 5, (int)u->line), sqlite3_bind_int(st, 6, (int)u->column);
  rs_bind_text(st, 7, u->code), rs_bind_text(st, 8, u->explanation), rs_bind_text(st, 9, u->error);
  return rs_step_done(db, st);
}

Status rs_record_tree(ResultDb *db, const RsTreeRun *r) {
  Project p;
  rs_project_of(r->root, &p);
  Status e = sqlite3_exec(db->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK
                 ? insert_run(db, r, &p)
                 : cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
  long long id = sqlite3_last_insert_rowid(db->db);
  for (size_t i = 0; !e && i < r->nunit_rows; i++)
    e = insert_unit(db, id, &r->unit_rows[i]);
  sqlite3_exec(db->db, e ? "ROLLBACK" : "COMMIT", NULL, NULL, NULL);
  rs_project_free(&p);
  return e;
}

Status rs_tree_history(ResultDb *db, const char *project, RsTreeHistory *out) {
  *out = (RsTreeHistory){0};
  sqlite3_stmt *st;
  Status s = rs_prepare(db,
                        "SELECT at, commit_id, units, compiling, failing_reported, failing_unforeseen, missing_library"
                        " FROM verify_tree WHERE project = ? ORDER BY id",
                        &st);
  if (s)
    return s;
  rs_bind_text(st, 1, project);
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    RsTreePoint p = {.at = rs_column_dup(st, 0), .commit = rs_column_dup_null(st, 1)};
    size_t *counts[] = {&p.units, &p.compiling, &p.failing_reported, &p.failing_unforeseen, &p.missing_library};
    for (int i = 0; i < 5; i++)
      *counts[i] = (size_t)sqlite3_column_int64(st, 2 + i);
    vec_push(out, p);
  }
  sqlite3_finalize(st);
  return rc == SQLITE_DONE ? ST_OK : cm_fail(ST_ENV, "results database: %s", sqlite3_errmsg(db->db));
}

void rs_tree_history_free(RsTreeHistory *h) {
  for (size_t i = 0; i < h->len; i++)
    free(h->items[i].at), free(h->items[i].commit);
  vec_free(h);
}
