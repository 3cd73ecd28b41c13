/* The memory budget the parses running at once share (analyzer/parse_budget.c):
 * a file's weight from its #include lines and its project headers', by the rule
 * database's weights (hipport-rules.db, path given as argv[1]), and a parse that
 * would pass the budget waiting for the one running. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analyzer_p.h"
#include "rules_fixture.h"
#include "temp_folder.h"

static unsigned weight_of(const char *include) { return rl_parse_weight(db, include, strlen(include)); }

static void write_file(const char *rel, const char *text) {
  char *path = temp_path(rel);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  free(path);
}

static unsigned file_weight(const char *rel) {
  SourceFile f = {.path = temp_path(rel)};
  assert_int_equal(cm_read_file(f.path, &f.text, &f.len), ST_OK);
  unsigned mb = parse_weight(db, &f);
  free(f.path);
  free(f.text);
  return mb;
}

static void the_rules_weigh_the_heavy_libraries(void **state) {
  (void)state;
  assert_true(weight_of("thrust/device_vector.h") >= 100);
  assert_true(weight_of("cub/cub.cuh") >= 100);
  assert_true(weight_of("cooperative_groups.h") > 0);
  assert_true(weight_of("cooperative_groups/reduce.h") >= weight_of("cooperative_groups.h"));
  assert_int_equal(weight_of("cuda_runtime.h"), 0);
  assert_int_equal(weight_of("vector"), 0);
  /* a prefix matches whole: "cub/" is not "cublas_v2.h"'s */
  assert_int_equal(weight_of("cublas_v2.h"), 0);
}

/* The heaviest #include of the file and of the project headers it names,
 * however the directive is spaced; a missing header and a header that
 * includes itself weigh nothing more. */
static void a_file_weighs_its_heaviest_include(void **state) {
  (void)state;
  char *sub = temp_path("util");
  assert_int_equal(mkdir(sub, 0755), 0);
  free(sub);
  write_file("light.cu", "#include <cstdio>\n#include <cuda_runtime.h>\n__global__ void k() {}\n");
  write_file("direct.cu", "#include <vector>\n  #  include <thrust/sort.h>\n#include <cooperative_groups.h>\n");
  write_file("util/sort.cuh", "#pragma once\n#include \"sort.cuh\"\n#\tinclude\t<thrust/sort.h>\n");
  write_file("through.cu", "#include <cstdio>\n#include \"util/sort.cuh\"\n#include \"missing.h\"\n");
  assert_int_equal(file_weight("light.cu"), 0);
  assert_int_equal(file_weight("direct.cu"), weight_of("thrust/sort.h"));
  assert_int_equal(file_weight("through.cu"), weight_of("thrust/sort.h"));
}

typedef struct {
  ParseBudget *budget;
  unsigned mb;
  atomic_bool started;
} Taker;

static void *take(void *arg) {
  Taker *t = arg;
  parse_budget_take(t->budget, t->mb);
  atomic_store(&t->started, true);
  return NULL;
}

static void sleep_ms(long ms) {
  struct timespec ts = {0, ms * 1000000L};
  nanosleep(&ts, NULL);
}

/* A second heavy parse waits for the first to end; nothing that fits does. */
static void a_parse_past_the_budget_waits(void **state) {
  (void)state;
  ParseBudget b;
  parse_budget_init(&b, 200);
  parse_budget_take(&b, 135);
  parse_budget_take(&b, 0); /* no weight: never waits */
  parse_budget_take(&b, 60);
  Taker t = {&b, 135, false};
  pthread_t th;
  assert_int_equal(pthread_create(&th, NULL, take, &t), 0);
  sleep_ms(200);
  assert_false(atomic_load(&t.started));
  parse_budget_give(&b, 60);
  sleep_ms(100);
  assert_false(atomic_load(&t.started)); /* 135 + 135 still pass 200 */
  parse_budget_give(&b, 135);
  pthread_join(th, NULL);
  assert_true(atomic_load(&t.started));
  parse_budget_give(&b, 135);
  assert_int_equal(b.running_mb, 0);
  parse_budget_free(&b);
}

/* A file heavier than the whole budget parses when nothing else runs; no bound
 * (0) never waits. */
static void heavier_than_the_budget_runs_alone(void **state) {
  (void)state;
  ParseBudget b;
  parse_budget_init(&b, 100);
  parse_budget_take(&b, 500);
  assert_int_equal(b.running_mb, 500);
  parse_budget_give(&b, 500);
  parse_budget_free(&b);
  parse_budget_init(&b, 0);
  parse_budget_take(&b, 500);
  parse_budget_take(&b, 500);
  assert_int_equal(b.running_mb, 0);
  parse_budget_free(&b);
}

int main(int argc, char **argv) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_rules_weigh_the_heavy_libraries),
      TEMP_FOLDER_TEST(a_file_weighs_its_heaviest_include),
      cmocka_unit_test(a_parse_past_the_budget_waits),
      cmocka_unit_test(heavier_than_the_budget_runs_alone),
  };
  return RULES_FIXTURE_MAIN(tests);
}
