/* The output comparator (verify/compare.c): numbers parsed in every printf form
 * and nowhere else (not inside identifiers, not from half a hex float), ULP
 * distances in double and float, and whole outputs compared within atol, rtol
 * and ulp, with the first mismatch located and explained. Cases that must fail
 * sit beside the ones that must pass. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verify.h"

/* The project builds with -Wno-unused-parameter; this keeps plain -Wextra quiet too. */
#define TEST(name) static void name(void **state __attribute__((unused)))

/* ---- parsing ---- */

static double parse_all(const char *s) {
  double v;
  size_t used;
  if (!vf_parse_number(s, strlen(s), &v, &used))
    fail_msg("\"%s\" is not read as a number", s);
  if (used != strlen(s))
    fail_msg("\"%s\": only %zu characters read", s, used);
  return v;
}

/* How much of s is a number (0: none). */
static size_t number_length(const char *s) {
  double v;
  size_t used;
  return vf_parse_number(s, strlen(s), &v, &used) ? used : 0;
}

static const double samples[] = {0.1, -2.5, 1e-7, 6.02e23, 3.0, -0.0, 123456789.0, DBL_MIN, 4.9e-324, -1.0 / 3};

/* Whatever printf wrote, the parser reads all of it and gets what strtod gets. */
TEST(every_printf_form_is_read_back_whole) {
  static const char *const forms[] = {"%f", "%e", "%E", "%g", "%G", "%a", "%A", "%.9g", "%.17g", "%.0f", "%#.0f", "%+e"};
  char s[512];
  for (size_t f = 0; f < sizeof forms / sizeof *forms; f++)
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) {
      snprintf(s, sizeof s, forms[f], samples[i]);
      double v = parse_all(s);
      if (memcmp(&v, &(double){strtod(s, NULL)}, sizeof v) != 0)
        fail_msg("%s of %.17g printed \"%s\", read as %.17g", forms[f], samples[i], s, v);
    }
}

TEST(exact_forms_give_the_value_back) {
  char s[512];
  for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) {
    snprintf(s, sizeof s, "%a", samples[i]);
    assert_memory_equal(&(double){parse_all(s)}, &samples[i], sizeof(double));
    snprintf(s, sizeof s, "%.17g", samples[i]);
    assert_memory_equal(&(double){parse_all(s)}, &samples[i], sizeof(double));
    float f = (float)samples[i];
    snprintf(s, sizeof s, "%.9g", f);
    assert_true((float)parse_all(s) == f);
  }
  for (int n = -100000; n <= 100000; n += 997) {
    snprintf(s, sizeof s, "%d", n);
    assert_true(parse_all(s) == n);
  }
}

TEST(hand_written_float_forms) {
  assert_true(parse_all("1.5") == 1.5);
  assert_true(parse_all("-2.") == -2.0);
  assert_true(parse_all(".5") == 0.5);
  assert_true(parse_all("1e-7") == 1e-7);
  assert_true(parse_all("6.02E+23") == 6.02e23);
  assert_true(parse_all("0x1.8p+1") == 3.0);
  assert_true(parse_all("+7") == 7.0);
  assert_true(parse_all("1.e5") == 1e5);
}

TEST(inf_and_nan_in_any_case_and_sign) {
  assert_true(parse_all("inf") == INFINITY);
  assert_true(parse_all("-inf") == -INFINITY);
  assert_true(parse_all("INF") == INFINITY);
  assert_true(parse_all("infinity") == INFINITY);
  assert_true(parse_all("-Infinity") == -INFINITY);
  assert_true(isnan(parse_all("nan")));
  assert_true(isnan(parse_all("NaN")));
  double neg = parse_all("-nan");
  assert_true(isnan(neg) && signbit(neg));
}

/* Not numbers, or less of one than strtod would take. */
TEST(half_numbers_are_not_swallowed) {
  assert_int_equal(number_length("0x"), 1);     /* 0, then text "x" */
  assert_int_equal(number_length("0x1f"), 1);  /* no binary exponent: not %a */
  assert_int_equal(number_length("0x1p"), 1);
  assert_int_equal(number_length("1e"), 1);
  assert_int_equal(number_length("1e+"), 1);
  assert_int_equal(number_length("2E-x"), 1);
  assert_int_equal(number_length("10ms"), 2);
  assert_int_equal(number_length("e5"), 0);
  assert_int_equal(number_length("."), 0);
  assert_int_equal(number_length("-"), 0);
  assert_int_equal(number_length("-.e1"), 0);
  assert_int_equal(number_length("info"), 0);
  assert_int_equal(number_length("nanos"), 0);
  assert_int_equal(number_length("infinite"), 0);
  assert_int_equal(number_length(""), 0);
}

TEST(parse_stops_at_the_given_length) {
  double v;
  size_t used;
  assert_true(vf_parse_number("12345", 2, &v, &used));
  assert_int_equal(used, 2);
  assert_true(v == 12.0);
  assert_false(vf_parse_number("infinity", 2, &v, &used));
  assert_true(vf_parse_number("infinity", 3, &v, &used));
  assert_int_equal(used, 3);
}

/* ---- ULP distance ---- */

TEST(adjacent_doubles_are_one_ulp_apart) {
  assert_int_equal(vf_ulp_distance(1.0, nextafter(1.0, 2.0), false), 1);
  assert_int_equal(vf_ulp_distance(-1e300, nextafter(-1e300, 0.0), false), 1);
  assert_int_equal(vf_ulp_distance(1.0, 1.0 + 4 * DBL_EPSILON, false), 4);
  assert_int_equal(vf_ulp_distance(1.0 + 4 * DBL_EPSILON, 1.0, false), 4);
}

TEST(adjacent_floats_are_one_ulp_apart_in_single) {
  float one = 1.0f, next = nextafterf(1.0f, 2.0f);
  assert_int_equal(vf_ulp_distance(one, next, true), 1);
  /* The same pair is 2^29 double ULPs apart. */
  assert_int_equal(vf_ulp_distance(one, next, false), 1ull << 29);
  /* Doubles that round to the same float are 0 apart in single. */
  assert_int_equal(vf_ulp_distance(1.0, 1.0 + DBL_EPSILON, true), 0);
}

TEST(zeros_and_across_zero) {
  assert_int_equal(vf_ulp_distance(-0.0, 0.0, false), 0);
  assert_int_equal(vf_ulp_distance(-0.0, 0.0, true), 0);
  double tiny = nextafter(0.0, 1.0);
  assert_int_equal(vf_ulp_distance(-tiny, tiny, false), 2);
  float ftiny = nextafterf(0.0f, 1.0f);
  assert_int_equal(vf_ulp_distance(-ftiny, ftiny, true), 2);
}

TEST(nan_and_infinity_distances) {
  assert_true(vf_ulp_distance(NAN, 1.0, false) == ULLONG_MAX);
  assert_true(vf_ulp_distance(0.0, NAN, true) == ULLONG_MAX);
  assert_int_equal(vf_ulp_distance(NAN, -NAN, false), 0);
  assert_int_equal(vf_ulp_distance(INFINITY, INFINITY, false), 0);
  assert_int_equal(vf_ulp_distance(-INFINITY, -INFINITY, true), 0);
  assert_int_equal(vf_ulp_distance(DBL_MAX, INFINITY, false), 1);
  assert_true(vf_ulp_distance(-INFINITY, INFINITY, false) > 0);
}

/* ---- whole outputs ---- */

static Comparison cmp;

static int teardown(void **state) {
  (void)state;
  vf_comparison_free(&cmp);
  return 0;
}

static void compare_with(const char *expected, const char *actual, Tolerance tol, const char *const *ignore) {
  vf_comparison_free(&cmp);
  vf_compare(expected, strlen(expected), actual, strlen(actual), &tol, ignore, &cmp);
}

static void compare(const char *expected, const char *actual, Tolerance tol) { compare_with(expected, actual, tol, NULL); }

static void expect_mismatch(unsigned line, const char *expected, const char *actual, const char *why) {
  if (cmp.match)
    fail_msg("matched, but line %u should differ (%s)", line, why);
  assert_int_equal(cmp.line, line);
  assert_string_equal(cmp.expected, expected);
  assert_string_equal(cmp.actual, actual);
  if (strncmp(cmp.why, why, strlen(why)) != 0)
    fail_msg("why is \"%s\", not \"%s...\"", cmp.why, why);
}

static const Tolerance strict = {.rtol = 1e-5};

TEST(identical_outputs_match_and_count_numbers) {
  const char *out = "n = 1024\nsum: 523776.000000\nc[17]: 0.125 -3e-07 nan -inf\ncheck: PASS\n";
  compare(out, out, strict);
  assert_true(cmp.match);
  assert_int_equal(cmp.numbers, 7); /* 1024 523776 17 0.125 -3e-07 nan -inf */
  assert_true(cmp.max_abs == 0 && cmp.max_rel == 0);
  assert_int_equal(cmp.max_ulp, 0);
}

TEST(empty_outputs_match) {
  compare("", "", strict);
  assert_true(cmp.match);
  assert_int_equal(cmp.numbers, 0);
}

/* The numbers of "c[17]: 0.125" are 17 and 0.125: changing either is a number
 * mismatch, changing the text around them a text one. */
TEST(numbers_inside_text_are_found) {
  compare("c[17]: 0.125\n", "c[18]: 0.125\n", strict);
  expect_mismatch(1, "17", "18", "number out of tolerance");
  compare("c[17]: 0.125\n", "c[17]: 0.126\n", strict);
  expect_mismatch(1, "0.125", "0.126", "number out of tolerance");
  compare("c[17]: 0.125\n", "c(17): 0.125\n", strict);
  expect_mismatch(1, "c[", "c(", "text differs");
  compare("c[17]: 0.125\n", "c[17] = 0.125\n", strict);
  expect_mismatch(1, "]: ", "] = ", "text differs");
}

/* Digits glued to an identifier are text: a tolerance never lets sm_90 match sm_91. */
TEST(digits_in_identifiers_are_text) {
  static const Tolerance loose = {.rtol = 0.5, .atol = 10};
  compare("arch sm_90\n", "arch sm_91\n", loose);
  expect_mismatch(1, "arch sm_90", "arch sm_91", "text differs");
  compare("float4 x2\n", "float2 x2\n", loose);
  expect_mismatch(1, "float4 x2", "float2 x2", "text differs");
  compare("arch sm_90 float4 x2 v1e5\n", "arch sm_90 float4 x2 v1e5\n", loose);
  assert_true(cmp.match);
  assert_int_equal(cmp.numbers, 0);
}

/* A sign after an identifier, a digit or '.' is an operator: "a-1" is text
 * "a-" and 1, "3-4" is 3, "-" and 4. After a space, '=', ',' or '[' it is the
 * number's. */
TEST(sign_rules) {
  static const Tolerance loose = {.atol = 10};
  compare("a-1\n", "a+1\n", loose);
  expect_mismatch(1, "a-", "a+", "text differs");
  compare("3-4\n", "3+4\n", loose);
  expect_mismatch(1, "-", "+", "text differs");
  compare("3-4\n", "3-5\n", loose);
  assert_true(cmp.match);
  assert_int_equal(cmp.numbers, 2);
  compare("x=-1 [-2, -3]\n", "x=1 [2, 3]\n", loose);
  assert_true(cmp.match); /* -1 vs 1 etc.: numbers within atol 10, text equal */
  assert_int_equal(cmp.numbers, 3);
  assert_true(cmp.max_abs == 6);
}

TEST(off_by_1e3_fails_rtol_1e5_on_the_right_line) {
  const char *expected = "step 1\nx = 1.000\ny = 2.000\nz = 3.000\n";
  const char *actual = "step 1\nx = 1.000\ny = 2.001\nz = 3.000\n";
  compare(expected, actual, strict);
  expect_mismatch(3, "2.000", "2.001", "number out of tolerance: |a-b|=");
  assert_non_null(strstr(cmp.why, "rel="));
  assert_non_null(strstr(cmp.why, "ulp="));
  compare(expected, actual, (Tolerance){.rtol = 1e-2});
  assert_true(cmp.match);
  assert_int_equal(cmp.numbers, 4);
}

TEST(ulp_tolerance_4_takes_3_and_rejects_5) {
  char expected[64], three[64], five[64];
  snprintf(expected, sizeof expected, "%.17g\n", 1.0);
  snprintf(three, sizeof three, "%.17g\n", 1.0 + 3 * DBL_EPSILON);
  snprintf(five, sizeof five, "%.17g\n", 1.0 + 5 * DBL_EPSILON);
  compare(expected, three, (Tolerance){.ulp = 4});
  assert_true(cmp.match);
  assert_int_equal(cmp.max_ulp, 3);
  compare(expected, five, (Tolerance){.ulp = 4});
  expect_mismatch(1, "1", "1.0000000000000011", "number out of tolerance");
  assert_int_equal(cmp.max_ulp, 5);
}

TEST(ulp_in_single_counts_float_steps) {
  char expected[64], two[64];
  float one = 1.0f, plus2 = nextafterf(nextafterf(one, 2.0f), 2.0f);
  snprintf(expected, sizeof expected, "%.9g\n", one);
  snprintf(two, sizeof two, "%.9g\n", plus2);
  compare(expected, two, (Tolerance){.ulp = 2, .single = true});
  assert_true(cmp.match);
  compare(expected, two, (Tolerance){.ulp = 2});
  assert_false(cmp.match); /* 2 float steps are 2^30 double steps */
}

TEST(atol_accepts_values_near_zero) {
  compare("residual: 0\n", "residual: 3.2e-12\n", (Tolerance){.rtol = 1e-6, .atol = 1e-9});
  assert_true(cmp.match);
  compare("residual: 0\n", "residual: 3.2e-12\n", (Tolerance){.rtol = 1e-6});
  expect_mismatch(1, "0", "3.2e-12", "number out of tolerance");
}

TEST(zero_tolerance_still_matches_equal_values) {
  compare("0 -0 1.5 0x1.8p+1\n", "0 0 1.50 3\n", (Tolerance){0});
  assert_true(cmp.match);
  compare("1.5\n", "1.5000001\n", (Tolerance){0});
  expect_mismatch(1, "1.5", "1.5000001", "number out of tolerance");
}

TEST(changed_text_mismatches) {
  compare("sum: 10\ncheck: PASS\n", "sum: 10\ncheck: FAIL\n", strict);
  expect_mismatch(2, "check: PASS", "check: FAIL", "text differs");
}

TEST(extra_line_in_actual_mismatches) {
  compare("a 1\nb 2\n", "a 1\nb 2\nc 3\n", strict);
  expect_mismatch(3, "", "c 3", "actual output has more");
}

TEST(missing_line_in_actual_mismatches) {
  compare("a 1\nb 2\nc 3\n", "a 1\nb 2\n", strict);
  expect_mismatch(3, "c 3", "", "expected output has more");
  compare("a 1\nb 2\n", "", strict);
  expect_mismatch(1, "a 1", "", "expected output has more");
}

TEST(shorter_line_mismatches) {
  compare("v 1 2\n", "v 1\n", strict);
  expect_mismatch(1, " ", "", "expected output has more");
  compare("v 1\n", "v 1 2\n", strict);
  expect_mismatch(1, "", " ", "actual output has more");
  compare("1 2\n3\n", "1 2 3\n", strict);
  expect_mismatch(1, "\n", " ", "text differs");
}

TEST(ignored_lines_are_skipped_on_both_sides) {
  static const char *const timings[] = {"time_ms:", NULL};
  const char *expected = "n 4\ntime_ms: 1.0\nsum 10\n";
  const char *actual = "n 4\n  time_ms: 99.0\nsum 10\n";
  compare_with(expected, actual, strict, timings);
  assert_true(cmp.match);
  assert_int_equal(cmp.numbers, 2);
  compare_with(expected, actual, strict, NULL);
  expect_mismatch(2, "time_ms: ", "  time_ms: ", "text differs"); /* the indentation first */
  compare_with("time_ms: 1.0\n", "time_ms: 99.0\n", strict, NULL);
  expect_mismatch(1, "1.0", "99.0", "number out of tolerance");
  /* An ignored line only on one side is skipped, and line numbers stay the actual's. */
  compare_with("a 1\nb 2\n", "time_ms: 5\na 1\nb 3\n", strict, timings);
  expect_mismatch(3, "2", "3", "number out of tolerance");
}

TEST(crlf_and_trailing_whitespace_match_lf) {
  compare("a 1\nb 2.5\n", "a 1\r\nb 2.5  \r\n", strict);
  assert_true(cmp.match);
  compare("a 1\nb 2.5", "a 1\nb 2.5\n\n", strict); /* final newline, blank lines at the end */
  assert_true(cmp.match);
  compare("a 1\n\nb\n", "a 1\nb\n", strict); /* a blank line inside counts */
  assert_false(cmp.match);
  compare("a  1\n", "a 1\n", strict); /* inner spacing counts */
  expect_mismatch(1, "a  ", "a ", "text differs");
}

TEST(largest_errors_over_several_numbers) {
  compare("1 10 100 0\n", "1.1 10.5 100.2 0\n", (Tolerance){.rtol = 0.2});
  assert_true(cmp.match);
  assert_int_equal(cmp.numbers, 4);
  assert_true(fabs(cmp.max_abs - 0.5) < 1e-12);          /* 10 vs 10.5 */
  assert_true(fabs(cmp.max_rel - 0.1 / 1.1) < 1e-12);    /* 1 vs 1.1, relative to the larger */
}

TEST(nan_matches_only_nan) {
  compare("x nan\n", "x -nan\n", (Tolerance){0});
  assert_true(cmp.match);
  compare("x nan\n", "x NaN\n", strict);
  assert_true(cmp.match);
  compare("x nan\n", "x 1\n", (Tolerance){.rtol = 1e9, .atol = 1e9, .ulp = ~0ull - 1});
  expect_mismatch(1, "nan", "1", "number out of tolerance");
  compare("x 1\n", "x nan\n", (Tolerance){.atol = 1e9});
  expect_mismatch(1, "1", "nan", "number out of tolerance");
}

TEST(infinities_match_only_themselves) {
  compare("inf -inf\n", "inf -inf\n", (Tolerance){0});
  assert_true(cmp.match);
  compare("inf\n", "-inf\n", (Tolerance){.rtol = 1e9, .atol = 1e300});
  expect_mismatch(1, "inf", "-inf", "number out of tolerance");
  compare("inf\n", "1.79769e+308\n", (Tolerance){.rtol = 1, .atol = 1e300, .ulp = 1000});
  expect_mismatch(1, "inf", "1.79769e+308", "number out of tolerance");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_printf_form_is_read_back_whole),
      cmocka_unit_test(exact_forms_give_the_value_back),
      cmocka_unit_test(hand_written_float_forms),
      cmocka_unit_test(inf_and_nan_in_any_case_and_sign),
      cmocka_unit_test(half_numbers_are_not_swallowed),
      cmocka_unit_test(parse_stops_at_the_given_length),
      cmocka_unit_test(adjacent_doubles_are_one_ulp_apart),
      cmocka_unit_test(adjacent_floats_are_one_ulp_apart_in_single),
      cmocka_unit_test(zeros_and_across_zero),
      cmocka_unit_test(nan_and_infinity_distances),
      cmocka_unit_test_teardown(identical_outputs_match_and_count_numbers, teardown),
      cmocka_unit_test_teardown(empty_outputs_match, teardown),
      cmocka_unit_test_teardown(numbers_inside_text_are_found, teardown),
      cmocka_unit_test_teardown(digits_in_identifiers_are_text, teardown),
      cmocka_unit_test_teardown(sign_rules, teardown),
      cmocka_unit_test_teardown(off_by_1e3_fails_rtol_1e5_on_the_right_line, teardown),
      cmocka_unit_test_teardown(ulp_tolerance_4_takes_3_and_rejects_5, teardown),
      cmocka_unit_test_teardown(ulp_in_single_counts_float_steps, teardown),
      cmocka_unit_test_teardown(atol_accepts_values_near_zero, teardown),
      cmocka_unit_test_teardown(zero_tolerance_still_matches_equal_values, teardown),
      cmocka_unit_test_teardown(changed_text_mismatches, teardown),
      cmocka_unit_test_teardown(extra_line_in_actual_mismatches, teardown),
      cmocka_unit_test_teardown(missing_line_in_actual_mismatches, teardown),
      cmocka_unit_test_teardown(shorter_line_mismatches, teardown),
      cmocka_unit_test_teardown(ignored_lines_are_skipped_on_both_sides, teardown),
      cmocka_unit_test_teardown(crlf_and_trailing_whitespace_match_lf, teardown),
      cmocka_unit_test_teardown(largest_errors_over_several_numbers, teardown),
      cmocka_unit_test_teardown(nan_matches_only_nan, teardown),
      cmocka_unit_test_teardown(infinities_match_only_themselves, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
