/* Build files (translator/build_files.c, compiled into this test): CMake files that
 * build CUDA come back building HIP, byte for byte as each case's `expected` says,
 * with the notes its `expected_notes` lists ("line:column: message"), and porting
 * the expected text again changes nothing. Makefiles are never rewritten: their
 * case has notes only. Cases are folders under FIXTURES: <case>/{input, expected,
 * expected_notes}. Line-ending and no-CUDA cases are written inline. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "build_files_p.h"

#ifndef FIXTURES
#error "FIXTURES must name the tests/build_files folder"
#endif

static char *read_case(const char *name, const char *file, size_t *len) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s/%s", FIXTURES, name, file);
  char *data = NULL;
  if (cm_read_file(path, &data, len) != ST_OK)
    fail_msg("%s", cm_error());
  return data;
}

/* The notes as the fixtures spell them: one "line:column: message" per line. */
static char *notes_text(const BuildNotes *notes) {
  Buf b = {0};
  for (size_t i = 0; i < notes->len; i++)
    buf_printf(&b, "%u:%u: %s\n", notes->items[i].line, notes->items[i].column, notes->items[i].message);
  return b.len ? buf_cstr(&b) : cm_xstrdup("");
}

/* Porting `text` again gives NULL or the very same bytes. */
static void assert_fixed_point(const char *text, size_t len) {
  BuildNotes notes = {0};
  size_t n = 0;
  char *again = tr_port_cmake(text, len, &n, &notes);
  if (again) {
    assert_int_equal(n, len);
    assert_memory_equal(again, text, len);
  }
  free(again);
  tr_build_notes_free(&notes);
}

static void check_cmake_case(const char *name) {
  size_t in_len, want_len, notes_len, out_len = 0;
  char *in = read_case(name, "input", &in_len);
  char *want = read_case(name, "expected", &want_len);
  char *want_notes = read_case(name, "expected_notes", &notes_len);
  BuildNotes notes = {0};
  char *out = tr_port_cmake(in, in_len, &out_len, &notes);
  assert_non_null(out);
  assert_string_equal(out, want); /* shows the difference */
  assert_int_equal(out_len, want_len);
  char *got_notes = notes_text(&notes);
  assert_string_equal(got_notes, want_notes);
  assert_fixed_point(want, want_len);
  free(got_notes);
  tr_build_notes_free(&notes);
  free(out);
  free(in);
  free(want);
  free(want_notes);
}

static void modern_cmake_builds_the_hip_language_and_targets(void **state) { check_cmake_case("modern_cmake"); }

static void findcuda_wrappers_become_plain_commands(void **state) { check_cmake_case("findcuda_legacy"); }

/* Case-insensitive commands, comments and brackets untouched, sources set once,
 * globs, quoted targets, property values, generator expressions. */
static void edge_cases_keep_what_is_not_cuda(void **state) { check_cmake_case("edge_cmake"); }

static void makefile_nvcc_lines_name_their_hipcc_form(void **state) {
  size_t in_len, notes_len;
  char *in = read_case("makefile_nvcc", "input", &in_len);
  char *want_notes = read_case("makefile_nvcc", "expected_notes", &notes_len);
  BuildNotes notes = {0};
  tr_check_makefile(in, in_len, &notes);
  char *got = notes_text(&notes);
  assert_string_equal(got, want_notes);
  free(got);
  tr_build_notes_free(&notes);
  free(in);
  free(want_notes);
}

static char *port(const char *text, size_t *out_len, BuildNotes *notes) {
  return tr_port_cmake(text, strlen(text), out_len, notes);
}

static void file_without_cuda_is_left_alone(void **state) {
  const char *text = "cmake_minimum_required(VERSION 3.16)\n"
                     "project(plain LANGUAGES C CXX)  # no CUDA here\n"
                     "add_executable(app main.cpp)\n"
                     "message(STATUS \"CUDA::cudart and nvcc -arch=sm_70 are only words\")\n";
  BuildNotes notes = {0};
  size_t n = 0;
  assert_null(port(text, &n, &notes));
  assert_int_equal(notes.len, 0);
}

static void crlf_line_endings_survive_and_new_lines_use_them(void **state) {
  const char *text = "project(p CXX CUDA)\r\n"
                     "  add_executable(app k.cu)\r\n"
                     "target_link_libraries(app CUDA::cudart)";
  const char *want = "project(p CXX HIP)\r\n"
                     "  add_executable(app k.cu)\r\n"
                     "  set_source_files_properties(k.cu PROPERTIES LANGUAGE HIP)\r\n"
                     "target_link_libraries(app hip::host)";
  BuildNotes notes = {0};
  size_t n = 0;
  char *out = port(text, &n, &notes);
  assert_string_equal(out, want);
  assert_int_equal(n, strlen(want));
  /* hip::host needs find_package(hip), which this file lacks */
  assert_int_equal(notes.len, 1);
  assert_int_equal(notes.items[0].line, 3);
  assert_int_equal(notes.items[0].column, 27);
  assert_fixed_point(out, n);
  free(out);
  tr_build_notes_free(&notes);
}

static void last_line_without_newline_gets_its_insert_at_the_end(void **state) {
  const char *text = "enable_language(CUDA)\nadd_library(k SHARED k.cu)";
  BuildNotes notes = {0};
  size_t n = 0;
  char *out = port(text, &n, &notes);
  assert_string_equal(out, "enable_language(HIP)\nadd_library(k SHARED k.cu)\n"
                           "set_source_files_properties(k.cu PROPERTIES LANGUAGE HIP)");
  free(out);
  tr_build_notes_free(&notes);
}

static void source_already_hip_is_not_marked_again(void **state) {
  const char *text = "enable_language(HIP)\n"
                     "add_executable(app main.cu other.cu)\n"
                     "set_source_files_properties(main.cu other.cu PROPERTIES LANGUAGE HIP)\n";
  BuildNotes notes = {0};
  size_t n = 0;
  assert_null(port(text, &n, &notes));
  assert_int_equal(notes.len, 0);
}

static void arguments_may_span_lines_with_comments(void **state) {
  const char *text = "set_target_properties(app PROPERTIES\n"
                     "  # CUDA_ARCHITECTURES stays here\n"
                     "  CUDA_ARCHITECTURES\n"
                     "    \"sm_75;86-real\"\n"
                     ")\n";
  const char *want = "set_target_properties(app PROPERTIES\n"
                     "  # CUDA_ARCHITECTURES stays here\n"
                     "  HIP_ARCHITECTURES\n"
                     "    gfx90a\n"
                     ")\n";
  BuildNotes notes = {0};
  size_t n = 0;
  char *out = port(text, &n, &notes);
  assert_string_equal(out, want);
  assert_int_equal(notes.len, 1);
  assert_int_equal(notes.items[0].line, 4);
  assert_int_equal(notes.items[0].column, 5);
  free(out);
  tr_build_notes_free(&notes);
}

static void makefile_without_nvcc_has_no_notes(void **state) {
  const char *text = "CC = gcc\nCFLAGS = -O2 -Wall\napp: main.o\n\t$(CC) -o $@ $^ -lm\n# nvcc is only named here\n";
  BuildNotes notes = {0};
  tr_check_makefile(text, strlen(text), &notes);
  assert_int_equal(notes.len, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(modern_cmake_builds_the_hip_language_and_targets),
      cmocka_unit_test(findcuda_wrappers_become_plain_commands),
      cmocka_unit_test(edge_cases_keep_what_is_not_cuda),
      cmocka_unit_test(makefile_nvcc_lines_name_their_hipcc_form),
      cmocka_unit_test(file_without_cuda_is_left_alone),
      cmocka_unit_test(crlf_line_endings_survive_and_new_lines_use_them),
      cmocka_unit_test(last_line_without_newline_gets_its_insert_at_the_end),
      cmocka_unit_test(source_already_hip_is_not_marked_again),
      cmocka_unit_test(arguments_may_span_lines_with_comments),
      cmocka_unit_test(makefile_without_nvcc_has_no_notes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
