/* an_compile_entries: compile_commands.json's entries read with the shell's
 * quoting of "command" (cm_split_command) or as "arguments" lists, entries
 * lacking a folder or a file left out, and each way the file can be wrong
 * named with its cause; read_compile_db: the flags a parse keeps of them. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"
#include "temp_folder.h"

static void write_db(const char *text) {
  char *json = temp_path("compile_commands.json");
  FILE *f = fopen(json, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  free(json);
}

static void assert_args(const CmStrings *args, const char *const *want, size_t n) {
  assert_int_equal(args->len, n);
  for (size_t i = 0; i < n; i++)
    assert_string_equal(args->items[i], want[i]);
}

static void command_is_split_as_a_shell_would(void **state) {
  (void)state;
  write_db("[{\"directory\": \"/b\", \"file\": \"a.cu\",\n"
           "  \"command\": \"nvcc  -I'/with space' -DNAME=\\\"v w\\\"\\t-DX=a\\\\ b -c a.cu\"}]");
  CompileEntries e = {0};
  assert_int_equal(an_compile_entries(temp_folder, &e), ST_OK);
  assert_int_equal(e.len, 1);
  assert_string_equal(e.items[0].dir, "/b");
  assert_string_equal(e.items[0].file, "a.cu");
  const char *want[] = {"nvcc", "-I/with space", "-DNAME=v w", "-DX=a b", "-c", "a.cu"};
  assert_args(&e.items[0].args, want, 6);
  an_compile_entries_free(&e);
}

static void arguments_are_taken_as_they_are(void **state) {
  (void)state;
  write_db("[{\"directory\": \"/b\", \"file\": \"/s/k.cu\", \"arguments\": [\"nvcc\", \"-I\", \"a b\", \"'q'\"]},\n"
           " {\"directory\": \"/b\", \"command\": \"nvcc -c x.cu\"},\n"
           " {\"file\": \"y.cu\", \"command\": \"nvcc -c y.cu\"}]");
  CompileEntries e = {0};
  assert_int_equal(an_compile_entries(temp_folder, &e), ST_OK);
  assert_int_equal(e.len, 1); /* the two without a file or a folder are left out */
  const char *want[] = {"nvcc", "-I", "a b", "'q'"};
  assert_args(&e.items[0].args, want, 4);
  an_compile_entries_free(&e);
}

/* read_compile_db of the one entry db_json holds keeps exactly want. */
static void expect_kept(const char *db_json, const char *const *want, size_t n) {
  write_db(db_json);
  Candidates c = {0};
  assert_int_equal(read_compile_db(temp_folder, "/b", &c), ST_OK);
  assert_int_equal(c.len, 1);
  CmStrings got = {.items = c.items[0].args, .len = (size_t)c.items[0].nargs};
  assert_args(&got, want, n);
  free_candidates(&c);
}

/* A flag is read by its whole spelling, as clang's driver reads it:
 * -include-pch FILE is not -include with "-pch" attached (libclang would stop
 * at a forced include of <dir>/-pch), and a build's precompiled header, which
 * libclang 16 cannot load, is not passed on. */
static void flags_are_read_by_their_whole_spelling(void **state) {
  (void)state;
  const char *want[] = {"-include", "/b/pre.h", "-include",       "/b/forced.h", "-isystem-after", "/b/sys",
                        "-isystem", "/b/lib",   "-I/b/inc", "-I/b/-inc"};
  expect_kept("[{\"directory\": \"/b\", \"file\": \"a.cu\", \"arguments\": [\"clang++\", \"-include-pch\", \"p.pch\",\n"
              "  \"-include\", \"pre.h\", \"-includeforced.h\", \"-isystem-after\", \"sys\", \"-isystemlib\",\n"
              "  \"-I-\", \"-Iinc\", \"-I-inc\", \"-c\", \"a.cu\"]}]",
              want, sizeof want / sizeof *want);
}

/* What a command passes to clang's front end with -Xclang is read as the
 * driver's flags: CMake's precompiled header under clang (its forced include
 * kept, the PCH not), where -include took "-Xclang" for its file. */
static void flags_after_xclang_are_read(void **state) {
  (void)state;
  const char *want[] = {"-I/b/inc", "-include", "/b/cmake_pch.hxx"};
  expect_kept("[{\"directory\": \"/b\", \"file\": \"a.cu\", \"command\": \"clang++ -Iinc -Xclang -include-pch "
              "-Xclang /b/cmake_pch.hxx.pch -Xclang -include -Xclang /b/cmake_pch.hxx -c a.cu\"}]",
              want, sizeof want / sizeof *want);
}

static void a_wrong_file_names_its_cause(void **state) {
  (void)state;
  CompileEntries e = {0};
  write_db("[{\"directory\": \"/b\",\n \"file\": }]");
  assert_int_equal(an_compile_entries(temp_folder, &e), ST_INPUT);
  assert_non_null(strstr(cm_error(), "compile_commands.json:2:"));
  assert_non_null(strstr(cm_error(), "check its JSON"));
  write_db("{\"directory\": \"/b\"}");
  assert_int_equal(an_compile_entries(temp_folder, &e), ST_INPUT);
  assert_non_null(strstr(cm_error(), "not a JSON list"));
  assert_int_equal(e.len, 0);
  char *elsewhere = temp_path("none");
  assert_int_equal(an_compile_entries(elsewhere, &e), ST_INPUT);
  assert_non_null(strstr(cm_error(), "CMAKE_EXPORT_COMPILE_COMMANDS"));
  free(elsewhere);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(command_is_split_as_a_shell_would),
      cmocka_unit_test(arguments_are_taken_as_they_are),
      cmocka_unit_test(flags_are_read_by_their_whole_spelling),
      cmocka_unit_test(flags_after_xclang_are_read),
      cmocka_unit_test(a_wrong_file_names_its_cause),
  };
  return cmocka_run_group_tests(tests, temp_folder_make, temp_folder_remove);
}
