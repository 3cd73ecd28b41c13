/* The corpus's recorded GPU references (corpus/<program>/reference/), as a port
 * on an AMD GPU will be held to them: each agrees with its program's CPU
 * reference within the manifest's tolerance, says which machine made it, and
 * each vendor_specific key of the manifest names a line it holds. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "verify_p.h"

static const char *corpus;
static RuleDb *rules; /* manifests' libraries are its rows */

static char *read_or_null(const char *dir, const char *name) {
  char *path = cm_xasprintf("%s/reference/%s", dir, name), *text = NULL;
  size_t len;
  if (cm_read_file(path, &text, &len))
    text = NULL;
  free(path);
  return text;
}

/* "key:" at the start of a line of text */
static bool has_line(const char *text, const char *key) {
  size_t n = strlen(key);
  for (const char *line = text; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
    if (strncmp(line, key, n) == 0 && line[n] == ':')
      return true;
  return false;
}

static void check_program(const char *dir) {
  Program p;
  assert_int_equal(vf_load_program(dir, rules, &p), ST_OK);
  char *out = read_or_null(dir, "cuda_output.txt"), *machine = read_or_null(dir, "cuda_machine.txt");
  assert_non_null(machine);
  assert_true(has_line(machine, "gpu") && has_line(machine, "driver") && has_line(machine, "cuda_driver"));
  VerifyOptions opt = {0};
  VerifyResult res = {.cuda_ms = -1};
  vf_judge_cuda_output(&p, &opt, &p.tol, out, NULL, &res);
  if (strcmp(res.cuda_build, "ran, matched its CPU reference") != 0)
    fail_msg("%s: %s", dir, res.cuda_build);
  assert_true(res.cuda_ms >= 0);
  for (size_t i = 0; i < p.vendor_keys.len; i++)
    if (!has_line(out, p.vendor_keys.items[i]))
      fail_msg("%s: vendor_specific key '%s' is no line of the reference", dir, p.vendor_keys.items[i]);
  vf_result_free(&res);
  free(out);
  free(machine);
  vf_program_free(&p);
}

static void every_reference_agrees_with_its_cpu_values(void **state) {
  DIR *d = opendir(corpus);
  assert_non_null(d);
  size_t checked = 0;
  for (struct dirent *e; (e = readdir(d));) {
    char *dir = cm_xasprintf("%s/%s", corpus, e->d_name), *out = read_or_null(dir, "cuda_output.txt");
    if (out && e->d_name[0] != '.') {
      check_program(dir);
      checked++;
    }
    free(out);
    free(dir);
  }
  closedir(d);
  /* every buildable program has one (broken_parse is not buildable) */
  assert_true(checked >= 26);
}

int main(int argc, char **argv) {
  if (argc != 3 || rl_open(argv[2], &rules) != ST_OK) {
    fprintf(stderr, "usage: test_references CORPUS RULES.db\n");
    return 2;
  }
  corpus = argv[1];
  const struct CMUnitTest tests[] = {cmocka_unit_test(every_reference_agrees_with_its_cpu_values)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  rl_close(rules);
  return failed;
}
