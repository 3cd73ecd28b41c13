#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "rules_fixture.h"

const char *rules_db_path;
RuleDb *db;

static int open_db(void **state) {
  (void)state;
  if (rl_open(rules_db_path, &db) != ST_OK) {
    fprintf(stderr, "cannot open %s: %s\n", rules_db_path, cm_error());
    return -1;
  }
  return 0;
}

static int close_db(void **state) {
  (void)state;
  rl_close(db);
  return 0;
}

int rules_fixture_run(int argc, char **argv, const char *group, const struct CMUnitTest *tests, size_t n) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s hipport-rules.db\n", argv[0]);
    return 2;
  }
  rules_db_path = argv[1];
  return _cmocka_run_group_tests(group, tests, n, open_db, close_db);
}
