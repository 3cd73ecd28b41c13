/* The rule database the build makes (hipport-rules.db), opened once for a group
 * of unit tests whose main is given its path as argv[1]. */
#ifndef HIPPORT_RULES_FIXTURE_H
#define HIPPORT_RULES_FIXTURE_H

#include "rules.h"

/* Set between the group's setup and teardown. */
extern const char *rules_db_path;
extern RuleDb *db;

/* Runs the tests with the database open; a usage error (2) without argv[1]. */
int rules_fixture_run(int argc, char **argv, const char *group, const struct CMUnitTest *tests, size_t n);
#define RULES_FIXTURE_MAIN(tests) \
  rules_fixture_run(argc, argv, #tests, tests, sizeof(tests) / sizeof *(tests))

#endif
