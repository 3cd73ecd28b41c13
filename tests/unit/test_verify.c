/* verify's parts that need no GPU: the gap score's arithmetic, the peak table,
 * manifests (good and bad), and the status names the reports print. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "temp_folder.h"
#include "verify.h"

static RuleDb *rules; /* the build's rule database: manifests' libraries are its rows */

static void gap_score_is_peak_ratio_plus_time_ratio(void **state) {
  /* MI300X vs H100 peak: (1307.4 / 990 - 1) * 100 = 32.0606...; HIP twice as slow: +100 */
  assert_float_equal(vf_gap_score(1307.4, 990.0, 2.0, 1.0), 132.0606, 1e-3);
  assert_float_equal(vf_gap_score(990.0, 990.0, 1.0, 1.0), 0.0, 1e-12);
  assert_float_equal(vf_gap_score(990.0, 990.0, 0.5, 1.0), -50.0, 1e-12);
  assert_float_equal(vf_gap_score(2250.0, 990.0, 1.0, 1.0), (2250.0 / 990.0 - 1) * 100, 1e-9);
}

static void peak_table_matches_names_as_tools_print_them(void **state) {
  double t = 0;
  assert_true(vf_peak_tflops("AMD Instinct MI300X", &t));
  assert_float_equal(t, 1307.4, 1e-9);
  assert_true(vf_peak_tflops("NVIDIA H200", &t));
  assert_float_equal(t, 990.0, 1e-9);
  assert_true(vf_peak_tflops("NVIDIA B200", &t));
  assert_float_equal(t, 2250.0, 1e-9);
  assert_false(vf_peak_tflops("NVIDIA GeForce GTX 480", &t));
  assert_false(vf_peak_tflops(NULL, &t));
}

static void write_file(const char *dir, const char *name, const char *text) {
  char *path = cm_xasprintf("%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  fputs(text, f);
  fclose(f);
  free(path);
}

/* The temporary folder made a program by its manifest. */
static void write_manifest(const char *text) { write_file(temp_folder, "manifest.json", text); }

static void manifest_fields_are_read(void **state) {
  write_manifest("{\"name\": \"p\", \"sources\": [\"main.cu\", \"k.cu\"], \"args\": [\"-n\", \"4\"],"
                 " \"libraries\": [\"cublas\"], \"hip52\": true,"
                 " \"tolerance\": {\"rtol\": 1e-4, \"atol\": 1e-9, \"ulp\": 8}, \"expected\": {\"sum\": 10}}");
  Program p;
  assert_int_equal(vf_load_program(temp_folder, rules, &p), ST_OK);
  assert_string_equal(p.name, "p");
  assert_int_equal(p.sources.len, 2);
  assert_string_equal(p.args.items[1], "4");
  assert_true(p.hip52);
  assert_true(p.buildable);
  assert_float_equal(p.tol.rtol, 1e-4, 1e-12);
  assert_int_equal(p.tol.ulp, 8);
  assert_non_null(strstr(p.expected_json, "\"sum\""));
  vf_program_free(&p);
}

static void bad_manifests_are_input_errors_naming_the_file(void **state) {
  const char *bad[] = {"{\"name\": \"p\"}", "{\"sources\": \"main.cu\"}", "not json", "[1, 2]",
                       "{\"sources\": [1]}", "{\"sources\": [\"m.cu\"], \"libraries\": [\"cuBLAS\"]}"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    write_manifest(bad[i]);
    Program p;
    assert_int_equal(vf_load_program(temp_folder, rules, &p), ST_INPUT);
    assert_non_null(strstr(cm_error(), "manifest.json"));
  }
  Program p;
  assert_int_equal(vf_load_program("/nonexistent/program", rules, &p), ST_INPUT);
}

/* A manifest must not be a way in: hipcc and nvcc pass arguments on through a
 * shell, and the name becomes folders verify and the CUDA-runs script write. */
static void hostile_manifests_are_refused(void **state) {
  const char *bad[][2] = {
      {"{\"name\": \"../../../tmp/x/escaped\", \"sources\": [\"m.cu\"]}", "not a plain name"},
      {"{\"name\": \"$(touch pwned)\", \"sources\": [\"m.cu\"]}", "not a plain name"},
      {"{\"name\": \"..\", \"sources\": [\"m.cu\"]}", "not a plain name"},
      {"{\"sources\": [\"../../etc/passwd\"]}", "a relative path inside"},
      {"{\"sources\": [\"/etc/passwd\"]}", "a relative path inside"},
      {"{\"sources\": [\"m.cu; rm -rf x\"]}", "a relative path inside"},
      {"{\"sources\": [\"m.cu\"], \"hipcc_flags\": [\"$(touch pwned).a\"]}", "a plain compiler flag"},
      {"{\"sources\": [\"m.cu\"], \"nvcc_flags\": [\"-DX=$(id)\"]}", "a plain compiler flag"},
      {"{\"sources\": [\"m.cu\"], \"nvcc_flags\": [\"-DX=`id`\"]}", "a plain compiler flag"},
      {"{\"sources\": [\"m.cu\"], \"hipcc_flags\": [\"-o/tmp/elsewhere\"]}", "a plain compiler flag"},
      {"{\"sources\": [\"m.cu\"], \"hipcc_flags\": [\"-Wl,-o,/tmp/elsewhere\"]}", "a plain compiler flag"},
      {"{\"sources\": [\"m.cu\"], \"nvcc_flags\": [\"-MF/tmp/deps\"]}", "a plain compiler flag"},
      {"{\"sources\": [\"m.cu\"], \"nvcc_flags\": [\"include\"]}", "a plain compiler flag"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    write_manifest(bad[i][0]);
    Program p;
    assert_int_equal(vf_load_program(temp_folder, rules, &p), ST_INPUT);
    if (!strstr(cm_error(), "manifest.json") || !strstr(cm_error(), bad[i][1]))
      fail_msg("%s: %s", bad[i][0], cm_error());
  }
  /* the shapes real projects use still pass */
  write_manifest("{\"name\": \"saxpy-2.1_fp16\", \"sources\": [\"src/main.cu\", \"k.cu\"],"
                 " \"nvcc_flags\": [\"-Iinclude\", \"-I../common/inc\", \"-rdc=true\", \"-lcublas\","
                 " \"-DN=1024\", \"--use_fast_math\", \"-gencode=arch=compute_80,code=sm_80\"]}");
  Program p;
  assert_int_equal(vf_load_program(temp_folder, rules, &p), ST_OK);
  vf_program_free(&p);
}

static void unknown_library_names_the_known_ones(void **state) {
  write_manifest("{\"sources\": [\"m.cu\"], \"libraries\": [\"cublas\", \"cuBLAS\"]}");
  Program p;
  assert_int_equal(vf_load_program(temp_folder, rules, &p), ST_INPUT);
  assert_non_null(strstr(cm_error(), "'cuBLAS'"));
  assert_non_null(strstr(cm_error(), "cublas, cufft, curand, cusparse, cusolver, thrust, cub"));
}

/* Once a CUDA run is recorded, a port is held to all of it, except what the
 * manifest says differs between vendors (with why) and the timing. */
static void reference_binds_every_line_but_vendor_specific_ones(void **state) {
  write_manifest("{\"sources\": [\"main.cu\"], \"tolerance\": {\"rtol\": 1e-6},"
                 " \"expected\": {\"sum\": 10},"
                 " \"vendor_specific\": {\"max_ulp_sinf\": \"each vendor's libm\"}}");
  char *ref_dir = temp_path("reference");
  mkdir(ref_dir, 0777);
  write_file(ref_dir, "cuda_output.txt", "sum: 10\nmax_ulp_sinf: 1\ntotal: 3.5\ntime_ms: 0.2\n");
  Program p;
  assert_int_equal(vf_load_program(temp_folder, rules, &p), ST_OK);
  Comparison cmp = {0};
  vf_compare_with_reference(&p, "sum: 10\nmax_ulp_sinf: 2\ntotal: 3.5\ntime_ms: 9\n", &p.tol, &cmp);
  assert_true(cmp.match);
  vf_comparison_free(&cmp);
  /* a line the CPU reference does not know is still held to the CUDA output */
  vf_compare_with_reference(&p, "sum: 10\nmax_ulp_sinf: 1\ntotal: 3.6\ntime_ms: 0.2\n", &p.tol, &cmp);
  assert_false(cmp.match);
  assert_int_equal(cmp.line, 3);
  vf_comparison_free(&cmp);
  vf_program_free(&p);
  write_manifest("{\"sources\": [\"main.cu\"], \"vendor_specific\": {\"x\": \"\"}}");
  assert_int_equal(vf_load_program(temp_folder, rules, &p), ST_INPUT);
  assert_non_null(strstr(cm_error(), "\"x\" needs the reason"));
  free(ref_dir);
}

static void only_build_run_and_match_failures_fail(void **state) {
  assert_true(vf_status_fails(VS_BUILD_FAIL));
  assert_true(vf_status_fails(VS_RUN_FAIL));
  assert_true(vf_status_fails(VS_MISMATCH));
  assert_false(vf_status_fails(VS_COMPILED));
  assert_false(vf_status_fails(VS_MISSING_LIBRARY));
  assert_false(vf_status_fails(VS_PASS));
  assert_string_equal(vf_status_name(VS_MISSING_LIBRARY), "MISSING-LIBRARY");
  assert_string_equal(vf_status_name(VS_BUILD_FAIL), "BUILD-FAIL");
}

static void results_database_keeps_timings_for_the_gap_score(void **state) {
  char *path = temp_path("sub/results.db");
  ResultDb *db;
  assert_int_equal(rs_open(path, &db), ST_OK);
  Program p = {.name = "vector_add"};
  Machine nv = {0}, amd = {.amd = true, .amd_name = "AMD Instinct MI300X"};
  /* the CUDA run's GPU is the result's: with --cuda-runs it ran on another machine */
  VerifyResult cuda = {.status = VS_COMPILED, .cuda_ms = 2.0, .hip_ms = -1, .cuda_gpu = (char *)"NVIDIA H200"};
  VerifyResult hip = {.status = VS_PASS, .cuda_ms = -1, .hip_ms = 3.0};
  double c, h;
  char *n, *a;
  assert_int_equal(vf_record(db, &p, "gfx90a", &nv, &cuda), ST_OK);
  assert_false(rs_timings(db, "vector_add", &c, &n, &h, &a)); /* no HIP timing yet */
  free(n);
  free(a);
  assert_int_equal(vf_record(db, &p, "gfx942", &amd, &hip), ST_OK);
  assert_true(rs_timings(db, "vector_add", &c, &n, &h, &a));
  assert_float_equal(c, 2.0, 1e-12);
  assert_float_equal(h, 3.0, 1e-12);
  assert_string_equal(n, "NVIDIA H200");
  assert_string_equal(a, "AMD Instinct MI300X");
  free(n);
  free(a);
  rs_close(db);
  free(path);
}

int main(int argc, char **argv) {
  if (argc != 2 || rl_open(argv[1], &rules) != ST_OK) {
    fprintf(stderr, "usage: test_verify RULES.db\n");
    return 2;
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(gap_score_is_peak_ratio_plus_time_ratio),
      cmocka_unit_test(peak_table_matches_names_as_tools_print_them),
      TEMP_FOLDER_TEST(manifest_fields_are_read),
      TEMP_FOLDER_TEST(bad_manifests_are_input_errors_naming_the_file),
      TEMP_FOLDER_TEST(hostile_manifests_are_refused),
      TEMP_FOLDER_TEST(unknown_library_names_the_known_ones),
      TEMP_FOLDER_TEST(reference_binds_every_line_but_vendor_specific_ones),
      cmocka_unit_test(only_build_run_and_match_failures_fail),
      TEMP_FOLDER_TEST(results_database_keeps_timings_for_the_gap_score),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  rl_close(rules);
  return failed;
}
