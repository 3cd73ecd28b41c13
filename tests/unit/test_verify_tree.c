/* The pieces of verifying a tree that need no compiler: the translation's line
 * map (port line -> CUDA line) and the tree's report in every format, each
 * carrying the mapped location, the explaining code and the summary counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "reports.h"
#include "translator.h"

static SourceFile source(const char *text) {
  SourceFile src = {.rel = "k.cu", .text = (char *)text, .len = strlen(text), .eol = "\n"};
  vec_push(&src.line_starts, 0);
  for (unsigned i = 0; i < src.len; i++)
    if (text[i] == '\n')
      vec_push(&src.line_starts, i + 1);
  return src;
}

static void line_map_follows_inserted_and_removed_lines(void **state) {
  (void)state;
  /* line 1 becomes two lines; lines 3-4 become one */
  const char *text = "#include <cuda_runtime.h>\nint a;\nint b =\n  1;\nint c;\n";
  SourceFile src = source(text);
  FilePlan fp = {.src = &src};
  Edit inc = {0, 25, "#include <hip/hip_runtime.h>\n#include <cstdio>"};
  Edit join = {(unsigned)(strstr(text, "int b") - text), 12, "int b = 1;"};
  vec_push(&fp.edits, inc);
  vec_push(&fp.edits, join);
  size_t len;
  char *out = tr_apply(&fp, false, &len);
  assert_string_equal(out, "#include <hip/hip_runtime.h>\n#include <cstdio>\nint a;\nint b = 1;\nint c;\n");
  TrLineMap map;
  tr_line_map(&fp, false, &map);
  unsigned want[] = {1, 1, 2, 3, 5}; /* port lines 1..5 */
  for (unsigned i = 0; i < 5; i++)
    assert_int_equal(tr_original_line(&map, i + 1), want[i]);
  assert_int_equal(tr_original_line(&map, 99), tr_original_line(&map, (unsigned)map.len)); /* past the end: the last */
  free(out);
  vec_free(&map);
  vec_free(&fp.edits);
  vec_free(&src.line_starts);
}

static void line_map_skips_a_line_an_edit_removes_whole(void **state) {
  (void)state;
  /* a CUDA include dropped with its newline, an include added above */
  const char *text = "// top\n#include <cuda_runtime.h>\n#include <helper.h>\nint x;\n";
  SourceFile src = source(text);
  FilePlan fp = {.src = &src};
  Edit add = {0, 0, "#include <hip/hip_runtime.h>\n"};
  Edit drop = {(unsigned)(strstr(text, "#include <cuda") - text), 26, ""};
  vec_push(&fp.edits, add);
  vec_push(&fp.edits, drop);
  TrLineMap map;
  tr_line_map(&fp, false, &map);
  unsigned want[] = {1, 1, 3, 4}; /* hip include, // top, helper.h, int x */
  assert_int_equal(map.len, 4);
  for (unsigned i = 0; i < 4; i++)
    assert_int_equal(tr_original_line(&map, i + 1), want[i]);
  vec_free(&map);
  vec_free(&fp.edits);
  vec_free(&src.line_starts);
}

static TreeResult sample(void) {
  TreeResult t = {.root = "/src/app", .port = "/tmp/port", .built_with = "hipcc, each unit alone"};
  UnitResult ok = {.name = "a.cu", .status = UNIT_COMPILES};
  UnitResult bad = {.name = "tiles.cu", .status = UNIT_REPORTED, .file = "tiles.cu", .line = 12, .column = 14,
                    .code = "HP2305", .explanation = "expected: HP2305 reported before translating",
                    .error = "port/tiles.cu:13:14: error: no member named 'meta_group_rank'"};
  UnitResult new = {.name = "s.cu", .status = UNIT_UNFORESEEN, .file = "s.cu", .line = 9, .column = 12,
                    .code = "HP3008", .explanation = "port does not compile", .error = "port/s.cu:10:12: error: x, \"y\""};
  vec_push(&t.units, ok);
  vec_push(&t.units, bad);
  vec_push(&t.units, new);
  t.count[UNIT_COMPILES] = 1, t.count[UNIT_REPORTED] = 1, t.count[UNIT_UNFORESEEN] = 1;
  return t;
}

static char *render(const char *format, const TreeResult *t) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  assert_int_equal(rp_verify_tree(f, format, t, "no AMD GPU"), ST_OK);
  fclose(f);
  return text;
}

static void every_format_carries_location_code_and_counts(void **state) {
  (void)state;
  TreeResult t = sample();
  const char *formats[] = {"text", "json", "md", "html", "csv", "sarif"};
  for (size_t i = 0; i < 6; i++) {
    assert_true(rp_verify_format_known(formats[i]));
    char *out = render(formats[i], &t);
    assert_non_null(strstr(out, "HP2305"));
    assert_non_null(strstr(out, "HP3008"));
    assert_non_null(strstr(out, "tiles.cu"));
    if (strcmp(formats[i], "csv") && strcmp(formats[i], "sarif"))
      assert_non_null(strstr(out, "no member named"));
    free(out);
  }
  assert_false(rp_verify_format_known("pdf"));
  vec_free(&t.units);
}

static void text_places_the_error_at_the_cuda_line(void **state) {
  (void)state;
  TreeResult t = sample();
  char *out = render("text", &t);
  assert_non_null(strstr(out, "tiles.cu:12:14: FAILS-REPORTED: expected: HP2305 reported before translating [HP2305]"));
  assert_non_null(strstr(out, "3 units (hipcc, each unit alone): 1 compiles, 1 fail on reported findings, "
                              "1 fail unforeseen (HP3008), 0 need a library not installed"));
  free(out);
  out = render("sarif", &t);
  assert_non_null(strstr(out, "\"startLine\": 12"));
  assert_null(strstr(out, "\"a.cu\"")); /* a unit that compiles is no result */
  free(out);
  out = render("csv", &t);
  assert_non_null(strstr(out, "s.cu,FAILS-UNFORESEEN,s.cu,9,12,HP3008,port does not compile,\"port/s.cu:10:12: error: x, \"\"y\"\"\"\r\n"));
  free(out);
  vec_free(&t.units);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(line_map_follows_inserted_and_removed_lines),
      cmocka_unit_test(line_map_skips_a_line_an_edit_removes_whole),
      cmocka_unit_test(every_format_carries_location_code_and_counts),
      cmocka_unit_test(text_places_the_error_at_the_cuda_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
