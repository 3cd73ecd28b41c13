/* results/: the store scan, verify, report and history share. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "results.h"
#include "temp_folder.h"

/* The schema hipport 0.1 wrote before the results had a stage of their own
 * (verify/results.c), with no version: copied as it was, not from results/. */
static const char schema_0_1[] =
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

static void an_old_database_is_upgraded_when_opened(void **state) {
  char *path = temp_path("results.db");
  sqlite3 *old;
  assert_int_equal(sqlite3_open(path, &old), SQLITE_OK);
  assert_int_equal(sqlite3_exec(old, schema_0_1, NULL, NULL, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_exec(old,
                                "INSERT INTO scan (at, root, target, cuda_files, uses, mapped_uses, effort_hours,"
                                " compatibility) VALUES ('2026-01-02T03:04:05Z', '/ci/ws1/saxpy', '6.3.0', 2, 40, 38,"
                                " 5.5, '{\"6.2.0\": 90.0, \"6.3.0\": 95.0}');"
                                "INSERT INTO verify_run (at, program, dir, arch, status, cuda_ms, nvidia_gpu, hip_ms,"
                                " amd_gpu) VALUES ('2026-01-02T03:04:05Z', 'saxpy', '/ci/ws1/saxpy', 'gfx942', 'PASS',"
                                " 2.0, 'NVIDIA H200', 3.0, 'AMD Instinct MI300X');",
                                NULL, NULL, NULL),
                   SQLITE_OK);
  sqlite3_close(old);

  ResultDb *db;
  assert_int_equal(rs_open(path, &db), ST_OK);
  RsScans scans;
  assert_int_equal(rs_history(db, "saxpy", &scans), ST_OK); /* the old row's project: its root folder's name */
  assert_int_equal(scans.len, 1);
  RsScan *s = &scans.items[0];
  assert_string_equal(s->target, "6.3.0");
  assert_int_equal(s->uses, 40);
  assert_int_equal(s->mapped_uses, 38);
  assert_float_equal(s->target_percent, 95.0, 1e-9);
  assert_null(s->project.commit);
  assert_int_equal(s->releases.len, 2);
  assert_string_equal(s->releases.items[1].release, "6.3.0");
  long long old_id = s->id;
  rs_scans_free(&scans);
  double c, h; /* the verify row still serves the gap score */
  char *n, *a;
  assert_true(rs_timings(db, "saxpy", &c, &n, &h, &a));
  assert_string_equal(a, "AMD Instinct MI300X");
  free(n), free(a);
  RsScan loaded;
  assert_int_equal(rs_load_scan(db, old_id, NULL, &loaded), ST_OK);
  assert_null(loaded.report_json); /* kept before reports were: report says to scan again */
  rs_scan_free(&loaded);
  rs_close(db);

  assert_int_equal(sqlite3_open(path, &old), SQLITE_OK);
  sqlite3_stmt *st;
  assert_int_equal(sqlite3_prepare_v2(old, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(st), SQLITE_ROW);
  assert_int_equal(sqlite3_column_int(st, 0), rs_schema_version());
  sqlite3_finalize(st);
  sqlite3_close(old);
  assert_int_equal(rs_open(path, &db), ST_OK); /* upgraded once: opening again changes nothing */
  rs_close(db);
  free(path);
}

static void a_scan_comes_back_with_its_rows_and_report(void **state) {
  char *path = temp_path("results.db");
  ResultDb *db;
  assert_int_equal(rs_open(path, &db), ST_OK);
  RsScan s = {.root = "/w/p", .hipport_version = "0.1.0", .rules_version = "2026-12 refresh; ROCm to 7.11.0",
              .target = "7.0.0", .project = {"https://example.org/p.git", "0123456789abcdef", true}, .uses = 10,
              .mapped_uses = 9, .need_work = 2, .effort_hours = 1.5, .target_percent = 90.0,
              .report_json = "{\"tool\": \"hipport\"}"};
  RsRelease rel = {"7.0.0", 90.0, 80.0};
  RsGroup group = {"category", "warp-size", 0, 0, 3, 2, 1.5};
  vec_push(&s.releases, rel);
  vec_push(&s.groups, group);
  long long id;
  assert_int_equal(rs_record_scan(db, &s, &id), ST_OK);
  vec_free(&s.releases), vec_free(&s.groups);
  RsScan back;
  assert_int_equal(rs_load_scan(db, 0, "https://example.org/p.git", &back), ST_OK);
  assert_int_equal(back.id, id);
  assert_string_equal(back.project.commit, "0123456789abcdef");
  assert_true(back.project.dirty);
  assert_string_equal(back.report_json, "{\"tool\": \"hipport\"}");
  assert_int_equal(back.groups.len, 1);
  assert_string_equal(back.groups.items[0].name, "warp-size");
  assert_float_equal(back.releases.items[0].percent_unique, 80.0, 1e-9);
  rs_scan_free(&back);
  assert_int_equal(rs_load_scan(db, 0, "another", &back), ST_INPUT);
  assert_int_equal(rs_load_scan(db, id + 1, NULL, &back), ST_INPUT);
  rs_close(db);
  free(path);
}

static void a_newer_schema_is_refused_not_downgraded(void **state) {
  char *path = temp_path("results.db");
  sqlite3 *raw;
  assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
  char *sql = sqlite3_mprintf("PRAGMA user_version = %d", rs_schema_version() + 1);
  assert_int_equal(sqlite3_exec(raw, sql, NULL, NULL, NULL), SQLITE_OK);
  sqlite3_free(sql);
  sqlite3_close(raw);
  ResultDb *db;
  assert_int_equal(rs_open(path, &db), ST_ENV);
  assert_non_null(strstr(cm_error(), "newer than this hipport"));
  free(path);
}

static void outside_git_a_project_is_its_folder_name(void **state) {
  Project p;
  rs_project_of(temp_folder, &p);
  assert_string_equal(p.name, strrchr(temp_folder, '/') + 1);
  assert_null(p.commit);
  assert_false(p.dirty);
  rs_project_free(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      TEMP_FOLDER_TEST(an_old_database_is_upgraded_when_opened),
      TEMP_FOLDER_TEST(a_scan_comes_back_with_its_rows_and_report),
      TEMP_FOLDER_TEST(a_newer_schema_is_refused_not_downgraded),
      TEMP_FOLDER_TEST(outside_git_a_project_is_its_folder_name),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
