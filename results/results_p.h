/* Internal to results/. */
#ifndef HIPPORT_RESULTS_P_H
#define HIPPORT_RESULTS_P_H

#include <sqlite3.h>

#include "results.h"

struct ResultDb {
  sqlite3 *db;
};

Status rs_migrate(sqlite3 *db, const char *path);

#endif
