/* rl_version_parse and rl_version_format: releases are one to three numbers,
 * each below 1000, packed so that comparisons are numeric (6.10.0 > 6.2.0); a
 * missing part is zero; anything else is rejected; "none" prints as "". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "rules.h"

static Version parse_ok(const char *s) {
  Version v = 12345;
  if (!rl_version_parse(s, &v))
    fail_msg("rl_version_parse(\"%s\") rejected a valid release", s);
  return v;
}

static void expect_rejected(const char *s) {
  Version v = 777;
  if (rl_version_parse(s, &v))
    fail_msg("rl_version_parse(\"%s\") accepted a malformed release as %u", s, v);
  assert_int_equal(v, 777); /* the output is untouched on failure */
}

static void missing_parts_are_zero(void **state) {
  (void)state;
  assert_int_equal(parse_ok("6.2"), parse_ok("6.2.0"));
  assert_int_equal(parse_ok("12"), parse_ok("12.0.0"));
  assert_int_equal(parse_ok("12"), 12000000u);
  assert_int_equal(parse_ok("6.2.1"), 6002001u);
}

static void comparison_is_numeric_not_textual(void **state) {
  (void)state;
  assert_true(parse_ok("6.10.0") > parse_ok("6.2.0"));
  assert_true(parse_ok("6.2.10") > parse_ok("6.2.9"));
  assert_true(parse_ok("10.0") > parse_ok("9.99.999"));
  assert_true(parse_ok("5.2.0") < parse_ok("5.2.1"));
}

static void malformed_releases_are_rejected(void **state) {
  (void)state;
  static const char *bad[] = {"",     "6.",   "a.b",  "1.2.3.4", "6..2", "-1",     "1000.0", ".6", "6.2.",
                              " 6.2", "6.2 ", "6,2",  "6.2a",    "1.1000", "0x6", "0",      "0.0.0"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    expect_rejected(bad[i]);
}

/* "6." is rejected; so must be a dot after the third part. */
static void trailing_dot_after_three_parts_is_rejected(void **state) {
  (void)state;
  expect_rejected("6.2.3.");
}

static void largest_parts_are_accepted(void **state) {
  (void)state;
  assert_int_equal(parse_ok("999.999.999"), 999999999u);
}

static void format_round_trips(void **state) {
  (void)state;
  static const char *texts[] = {"6.2.0", "12.0.0", "6.10.0", "1.7.1", "999.999.999", "0.0.1"};
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
    char out[32];
    rl_version_format(parse_ok(texts[i]), out, sizeof out);
    assert_string_equal(out, texts[i]);
  }
  char out[32];
  rl_version_format(parse_ok("6.2"), out, sizeof out);
  assert_string_equal(out, "6.2.0");
}

static void format_of_none_is_empty(void **state) {
  (void)state;
  char out[16];
  memset(out, 'x', sizeof out);
  rl_version_format(VERSION_NONE, out, sizeof out);
  assert_string_equal(out, "");
}

static void format_truncates_to_the_buffer(void **state) {
  (void)state;
  char out[4];
  rl_version_format(parse_ok("6.10.0"), out, sizeof out);
  assert_string_equal(out, "6.1");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(missing_parts_are_zero),
      cmocka_unit_test(comparison_is_numeric_not_textual),
      cmocka_unit_test(malformed_releases_are_rejected),
      cmocka_unit_test(trailing_dot_after_three_parts_is_rejected),
      cmocka_unit_test(largest_parts_are_accepted),
      cmocka_unit_test(format_round_trips),
      cmocka_unit_test(format_of_none_is_empty),
      cmocka_unit_test(format_truncates_to_the_buffer),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
