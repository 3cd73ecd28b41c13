/* Internal to results/. */
#ifndef HIPPORT_RESULTS_P_H
#define HIPPORT_RESULTS_P_H

#include <sqlite3.h>

#include "results.h"

struct ResultDb {
  sqlite3 *db;
};

Status rs_migrate(sqlite3 *db, const char *path);

/* store.c: statements with their values bound, never pasted into SQL. */
Status rs_prepare(ResultDb *db, const char *sql, sqlite3_stmt **st);
Status rs_step_done(ResultDb *db, sqlite3_stmt *st);  /* steps once and finalizes */
void rs_bind_text(sqlite3_stmt *st, int i, const char *s);  /* NULL binds NULL */
char *rs_column_dup(sqlite3_stmt *st, int i);       /* "" for NULL */
char *rs_column_dup_null(sqlite3_stmt *st, int i);

#endif
