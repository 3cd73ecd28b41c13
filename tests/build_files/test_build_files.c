/* Build files through the whole pipeline: the analyzer reads them, the plan
 * ports them, the translator applies the plan. Each fixture case under
 * FIXTURES/<case>/ has `name` (CMakeLists.txt or Makefile), `input`, `expected`
 * (the bytes translate writes) and `expected_notes` (the plan's findings,
 * "line:column: CODE message"); inline cases check line endings, files without
 * CUDA and one-off shapes. Everything is scanned in one tree (the CUDA
 * headers are read once), and the ported tree is scanned again: a port of a
 * port changes nothing.
 *
 *   test_build_files RULES.db CUDA_PATH COMPAT_INCLUDE */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "translator.h"

#ifndef FIXTURES
#error "FIXTURES must name the tests/build_files folder"
#endif

static const char *db_path, *cuda_path, *compat;
static RuleDb *db;

typedef struct {
  Facts facts;
  Plan plan;
  char *root;
} Tree;

static Tree input, ported;

/* Inline cases: file name -> text. */
static const struct {
  const char *rel, *text;
} inline_cases[] = {
    {"plain/CMakeLists.txt", "cmake_minimum_required(VERSION 3.16)\n"
                             "project(plain LANGUAGES C CXX)  # no CUDA here\n"
                             "add_executable(app main.cpp)\n"
                             "message(STATUS \"CUDA::cudart and nvcc -arch=sm_70 are only words\")\n"},
    {"crlf/CMakeLists.txt", "project(p CXX CUDA)\r\n"
                            "  add_executable(app k.cu)\r\n"
                            "target_link_libraries(app CUDA::cudart)"},
    {"noeol/sub.cmake", "enable_language(CUDA)\nadd_library(k SHARED k.cu)"},
    {"already/CMakeLists.txt", "enable_language(HIP)\n"
                               "add_executable(app main.cu other.cu)\n"
                               "set_source_files_properties(main.cu other.cu PROPERTIES LANGUAGE HIP)\n"},
    {"spans/CMakeLists.txt", "set_target_properties(app PROPERTIES\n"
                             "  # CUDA_ARCHITECTURES stays here\n"
                             "  CUDA_ARCHITECTURES\n"
                             "    \"sm_75;86-real\"\n"
                             ")\n"},
    {"makeplain/Makefile", "CC = gcc\nCFLAGS = -O2 -Wall\napp: main.o\n\t$(CC) -o $@ $^ -lm\n# nvcc is only named here\n"},
    /* issue 12: an unterminated command must not gain a line on every pass */
    {"open/CMakeLists.txt", "project(p CUDA)\nset(SRCS kernel.cu"},
};

static void write_file(const char *path, const char *text, size_t len) {
  char *dir = cm_xstrdup(path);
  for (char *p = dir + 1; (p = strchr(p, '/')); p++) {
    *p = '\0';
    mkdir(dir, 0755);
    *p = '/';
  }
  free(dir);
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(text, 1, len, f), len);
  fclose(f);
}

static char *read_case(const char *name, const char *file, size_t *len) {
  char *path = cm_xasprintf("%s/%s/%s", FIXTURES, name, file);
  char *data = NULL;
  if (cm_read_file(path, &data, len) != ST_OK)
    fail_msg("%s", cm_error());
  free(path);
  size_t n = *len;
  while (n && (data[n - 1] == '\n' || data[n - 1] == '\r')) /* `name` is one line */
    n--;
  if (strcmp(file, "name") == 0)
    data[n] = '\0';
  return data;
}

static void scan(Tree *t) {
  ScanOptions so = {.cuda_path = cuda_path, .compat_include = compat, .jobs = 1};
  const char *paths[] = {t->root};
  assert_int_equal(an_scan(paths, 1, &so, db, &t->facts), ST_OK);
  PlanOptions po = {.target = rl_newest_release(db)};
  assert_int_equal(pl_build(&t->facts, db, &po, &t->plan), ST_OK);
}

/* The fixture cases' folders. */
static size_t case_names(char ***out) {
  DIR *d = opendir(FIXTURES);
  struct dirent *e;
  size_t n = 0;
  *out = NULL;
  while ((e = readdir(d))) {
    char *name = cm_xasprintf("%s/%s/name", FIXTURES, e->d_name);
    if (e->d_name[0] != '.' && access(name, R_OK) == 0) {
      *out = realloc(*out, (n + 1) * sizeof **out);
      (*out)[n++] = cm_xstrdup(e->d_name);
    }
    free(name);
  }
  closedir(d);
  return n;
}

static int setup(void **state) {
  assert_non_null(input.root = cm_make_temp_dir("hipport-build-files"));
  char **names;
  size_t n = case_names(&names);
  for (size_t i = 0; i < n; i++) {
    size_t len, nlen;
    char *text = read_case(names[i], "input", &len), *file = read_case(names[i], "name", &nlen);
    char *path = cm_xasprintf("%s/%s/%s", input.root, names[i], file);
    write_file(path, text, len);
    free(path), free(text), free(file), free(names[i]);
  }
  free(names);
  for (size_t i = 0; i < sizeof inline_cases / sizeof *inline_cases; i++) {
    char *path = cm_xasprintf("%s/%s", input.root, inline_cases[i].rel);
    write_file(path, inline_cases[i].text, strlen(inline_cases[i].text));
    free(path);
  }
  scan(&input);
  assert_non_null(ported.root = cm_make_temp_dir("hipport-build-files-ported"));
  for (size_t i = 0; i < input.plan.files.len; i++) {
    const FilePlan *fp = &input.plan.files.items[i];
    size_t len;
    char *text = tr_apply(fp, false, &len), *path = cm_xasprintf("%s/%s", ported.root, fp->src->rel);
    write_file(path, text, len);
    free(text), free(path);
  }
  scan(&ported);
  (void)state;
  return 0;
}

static void forget(Tree *t) {
  pl_free(&t->plan);
  an_facts_free(&t->facts);
  char *cmd = cm_xasprintf("rm -rf '%s'", t->root);
  assert_int_equal(system(cmd), 0);
  free(cmd);
  free(t->root);
}

static int teardown(void **state) {
  forget(&input);
  forget(&ported);
  (void)state;
  return 0;
}

static const FilePlan *plan_of(const Tree *t, const char *rel) {
  for (size_t i = 0; i < t->plan.files.len; i++)
    if (strcmp(t->plan.files.items[i].src->rel, rel) == 0)
      return &t->plan.files.items[i];
  return NULL;
}

static char *findings_text(const FilePlan *fp) {
  Buf b = {0};
  for (size_t i = 0; i < fp->findings.len; i++) {
    const Finding *f = &fp->findings.items[i];
    buf_printf(&b, "%u:%u: %s %s\n", f->line, f->column, f->info->code, f->message);
  }
  return b.len ? buf_cstr(&b) : cm_xstrdup("");
}

/* What translate writes for rel. */
static char *ported_text(const char *rel, size_t *len) {
  const FilePlan *fp = plan_of(&input, rel);
  assert_non_null(fp);
  return tr_apply(fp, false, len);
}

static void check_case(const char *name) {
  size_t nlen, want_len, notes_len, out_len;
  char *file = read_case(name, "name", &nlen), *rel = cm_xasprintf("%s/%s", name, file);
  char *want = read_case(name, "expected", &want_len), *want_notes = read_case(name, "expected_notes", &notes_len);
  char *out = ported_text(rel, &out_len);
  assert_string_equal(out, want); /* shows the difference */
  assert_int_equal(out_len, want_len);
  char *notes = findings_text(plan_of(&input, rel));
  assert_string_equal(notes, want_notes);
  free(notes), free(out), free(want), free(want_notes), free(rel), free(file);
}

static void modern_cmake_builds_hip_and_its_targets(void **state) { check_case("modern_cmake"); }
static void findcuda_wrappers_become_plain_commands(void **state) { check_case("findcuda_legacy"); }
/* Case-insensitive commands, comments and brackets untouched, sources set once,
 * globs, quoted targets, property values, generator expressions. */
static void edge_cases_keep_what_is_not_cuda(void **state) { check_case("edge_cmake"); }
static void makefile_nvcc_becomes_hipcc_option_by_option(void **state) { check_case("makefile_nvcc"); }
/* $(CODE_GEN_$(NV_ARCH)) names every CODE_GEN_ variable; $(CUDA_HOME) from the
 * environment is the root; -restrict and -Xnvlink are nvcc's alone. */
static void makefile_computed_names_and_nvcc_only_options(void **state) { check_case("makefile_nvcc_computed"); }

/* Every ported file, scanned again, has no edit to make. */
static void a_port_of_a_port_changes_nothing(void **state) {
  assert_int_equal(ported.plan.files.len, input.plan.files.len);
  for (size_t i = 0; i < ported.plan.files.len; i++) {
    const FilePlan *fp = &ported.plan.files.items[i];
    if (fp->edits.len)
      fail_msg("%s: %zu edits on a second pass, the first at byte %u: '%s'", fp->src->rel, fp->edits.len,
               fp->edits.items[0].offset, fp->edits.items[0].text);
  }
}

/* They name CUDA only in text (a message, a comment): nothing to do, nothing said. */
static void files_without_cuda_are_left_alone(void **state) {
  const char *rels[] = {"plain/CMakeLists.txt", "makeplain/Makefile"};
  for (size_t i = 0; i < 2; i++) {
    const FilePlan *fp = plan_of(&input, rels[i]);
    assert_true(!fp || (fp->edits.len == 0 && fp->findings.len == 0));
  }
}

static void crlf_line_endings_survive_and_new_lines_use_them(void **state) {
  size_t n;
  char *out = ported_text("crlf/CMakeLists.txt", &n);
  assert_non_null(strstr(out, "project(p CXX ${HIP_SOURCE_LANGUAGE})\r\nenable_language(${HIP_SOURCE_LANGUAGE})\r\n"));
  assert_non_null(strstr(out, "  add_executable(app k.cu)\r\n"
                              "  set_source_files_properties(k.cu PROPERTIES LANGUAGE ${HIP_SOURCE_LANGUAGE})\r\n"));
  assert_non_null(strstr(out, "target_link_libraries(app hip::host)"));
  for (const char *p = out; (p = strchr(p, '\n')); p++)
    assert_true(p > out && p[-1] == '\r');
  free(out);
}

static void last_line_without_newline_gets_its_insert_at_the_end(void **state) {
  size_t n;
  char *out = ported_text("noeol/sub.cmake", &n);
  assert_string_equal(out, "enable_language(${HIP_SOURCE_LANGUAGE})\nadd_library(k SHARED k.cu)\n"
                           "set_source_files_properties(k.cu PROPERTIES LANGUAGE ${HIP_SOURCE_LANGUAGE})");
  free(out);
}

static void source_already_hip_is_not_marked_again(void **state) {
  const FilePlan *fp = plan_of(&input, "already/CMakeLists.txt");
  assert_non_null(fp);
  assert_int_equal(fp->edits.len, 0);
  assert_int_equal(fp->findings.len, 0);
}

static void arguments_may_span_lines_with_comments(void **state) {
  size_t n;
  char *out = ported_text("spans/CMakeLists.txt", &n);
  assert_string_equal(out, "set_target_properties(app PROPERTIES\n"
                           "  # CUDA_ARCHITECTURES stays here\n"
                           "  HIP_ARCHITECTURES\n"
                           "    gfx90a\n"
                           ")\n");
  free(out);
}

/* issue 12: `set(SRCS kernel.cu` never closed gained a set_source_files_properties
 * line on every pass; now it is left as it is and said. */
static void an_unterminated_command_is_said_and_left_alone(void **state) {
  const FilePlan *fp = plan_of(&input, "open/CMakeLists.txt");
  assert_non_null(fp);
  size_t n;
  char *out = tr_apply(fp, false, &n);
  assert_null(strstr(out, "set_source_files_properties"));
  char *notes = findings_text(fp);
  assert_non_null(strstr(notes, "2:1: HP3004 set( is never closed"));
  free(notes);
  free(out);
}

/* scan and translate share the plan: what scan counts is what translate writes. */
static void every_rewrite_is_a_finding_with_effort(void **state) {
  const FilePlan *fp = plan_of(&input, "makefile_nvcc/Makefile");
  assert_non_null(fp);
  assert_true(fp->edits.len > 0);
  double hours = 0;
  for (size_t i = 0; i < fp->findings.len; i++)
    hours += fp->findings.items[i].effort_hours;
  assert_true(hours > 0);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: test_build_files RULES.db CUDA_PATH COMPAT_INCLUDE\n");
    return 2;
  }
  db_path = argv[1], cuda_path = argv[2], compat = argv[3];
  if (rl_open(db_path, &db) != ST_OK) {
    fprintf(stderr, "%s\n", cm_error());
    return 2;
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(modern_cmake_builds_hip_and_its_targets),
      cmocka_unit_test(findcuda_wrappers_become_plain_commands),
      cmocka_unit_test(edge_cases_keep_what_is_not_cuda),
      cmocka_unit_test(makefile_nvcc_becomes_hipcc_option_by_option),
      cmocka_unit_test(makefile_computed_names_and_nvcc_only_options),
      cmocka_unit_test(a_port_of_a_port_changes_nothing),
      cmocka_unit_test(files_without_cuda_are_left_alone),
      cmocka_unit_test(crlf_line_endings_survive_and_new_lines_use_them),
      cmocka_unit_test(last_line_without_newline_gets_its_insert_at_the_end),
      cmocka_unit_test(source_already_hip_is_not_marked_again),
      cmocka_unit_test(arguments_may_span_lines_with_comments),
      cmocka_unit_test(an_unterminated_command_is_said_and_left_alone),
      cmocka_unit_test(every_rewrite_is_a_finding_with_effort),
  };
  int failed = cmocka_run_group_tests(tests, setup, teardown);
  rl_close(db);
  return failed;
}
