/* cli_parse, the option reader every subcommand shares: getopt_long over a
 * command's tables, with values joined or apart, options after operands, `--`
 * ending options, whole long names only, one-dash spellings where a table asks
 * for them, and one-line usage errors that name the argument. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "cli_p.h"

enum { K_NAME = 256, K_FLAG, K_INCLUDE, K_OTHER };

static const CliOption first[] = {
    {"name", K_NAME, true, false},
    {"flag", K_FLAG, false, false},
    {"output", 'o', true, false},
    {NULL, 'f', false, false},
    {"include", K_INCLUDE, true, true},
};

static const CliOption second[] = {
    {"other", K_OTHER, true, false},
    {"name", K_NAME, true, false}, /* also the first group's: the first's it stays */
};

typedef struct {
  const char *name, *output, *include, *other;
  int flag, f, second_name;
  const char *operands[8];
  size_t noperands;
  char unknown[256];
} Seen;

static Status set_first(void *ctx, const char *cmd, int key, const char *value) {
  Seen *s = ctx;
  assert_string_equal(cmd, "cmd");
  switch (key) {
  case CLI_OPERAND: s->operands[s->noperands++] = value; break;
  case K_NAME: s->name = value; break;
  case K_FLAG: s->flag++; break;
  case 'o': s->output = value; break;
  case 'f': s->f++; break;
  case K_INCLUDE: s->include = value; break;
  default: fail_msg("first group handed key %d", key);
  }
  return ST_OK;
}

static Status set_second(void *ctx, const char *cmd, int key, const char *value) {
  Seen *s = ctx;
  (void)cmd;
  if (key == K_OTHER)
    s->other = value;
  else
    s->second_name++;
  return ST_OK;
}

static Status collect(void *ctx, const char *arg) {
  Seen *s = ctx;
  strcat(s->unknown, arg);
  strcat(s->unknown, ";");
  return ST_OK;
}

#define ARGV(...) (char *[]){"cmd", __VA_ARGS__, NULL}

static Status parse(Seen *s, int argc, char **argv) {
  *s = (Seen){0};
  CliGroup groups[] = {CLI_GROUP(first, set_first, s), CLI_GROUP(second, set_second, s)};
  return cli_parse(&(CliParse){.groups = groups, .ngroups = 2}, argc, argv);
}

static void options_may_follow_operands(void **state) {
  (void)state;
  Seen s;
  char **argv = ARGV("a", "--name", "v", "b", "-ofile", "--flag", "c", "--other=x");
  assert_int_equal(parse(&s, 9, argv), ST_OK);
  assert_int_equal(s.noperands, 3);
  assert_string_equal(s.operands[0], "a");
  assert_string_equal(s.operands[1], "b");
  assert_string_equal(s.operands[2], "c");
  assert_string_equal(s.name, "v");
  assert_string_equal(s.output, "file");
  assert_string_equal(s.other, "x");
  assert_int_equal(s.flag, 1);
  assert_int_equal(s.second_name, 0);
  assert_string_equal(argv[1], "a"); /* read in place: nothing permuted */
}

static void values_come_joined_or_apart(void **state) {
  (void)state;
  Seen s;
  assert_int_equal(parse(&s, 5, ARGV("--name=v1", "-o", "out", "-ff")), ST_OK);
  assert_string_equal(s.name, "v1");
  assert_string_equal(s.output, "out");
  assert_int_equal(s.f, 2);
  assert_int_equal(parse(&s, 3, ARGV("--output", "o2")), ST_OK);
  assert_string_equal(s.output, "o2");
  assert_int_equal(parse(&s, 2, ARGV("--name=")), ST_OK); /* an empty value is a value */
  assert_string_equal(s.name, "");
}

static void double_dash_ends_options(void **state) {
  (void)state;
  Seen s;
  assert_int_equal(parse(&s, 5, ARGV("a", "--", "--flag", "-o")), ST_OK);
  assert_int_equal(s.flag, 0);
  assert_null(s.output);
  assert_int_equal(s.noperands, 3);
  assert_string_equal(s.operands[1], "--flag");
  assert_string_equal(s.operands[2], "-o");
}

static void what_follows_dashes_can_be_left_to_the_caller(void **state) {
  (void)state;
  Seen s = {0};
  int rest = -1;
  CliGroup g = CLI_GROUP(first, set_first, &s);
  char **argv = ARGV("a", "--flag", "--", "-DX", "b");
  assert_int_equal(cli_parse(&(CliParse){.groups = &g, .ngroups = 1, .rest = &rest}, 6, argv), ST_OK);
  assert_int_equal(rest, 4);
  assert_int_equal(s.noperands, 1);
  assert_int_equal(s.flag, 1);
  rest = -1;
  assert_int_equal(cli_parse(&(CliParse){.groups = &g, .ngroups = 1, .rest = &rest}, 2, ARGV("c")), ST_OK);
  assert_int_equal(rest, 2); /* no --: nothing left */
}

static void expect_usage_error(int argc, char **argv, const char *message) {
  Seen s;
  assert_int_equal(parse(&s, argc, argv), ST_USAGE);
  if (!strstr(cm_error(), message))
    fail_msg("message '%s' lacks '%s'", cm_error(), message);
}

static void unknown_options_are_named(void **state) {
  (void)state;
  expect_usage_error(3, ARGV("a", "--frobnicate"), "cmd: unknown option '--frobnicate'");
  expect_usage_error(2, ARGV("-z"), "unknown option '-z'");
  expect_usage_error(2, ARGV("-fz"), "unknown option '-fz'");
  expect_usage_error(2, ARGV("--flag=1"), "unknown option '--flag=1'"); /* a flag takes no value */
}

/* An abbreviation that is unique today is ambiguous once an option is added. */
static void long_names_must_be_whole(void **state) {
  (void)state;
  expect_usage_error(3, ARGV("--nam", "v"), "unknown option '--nam'");
  expect_usage_error(3, ARGV("--oth", "v"), "unknown option '--oth'");
}

static void a_missing_value_is_named(void **state) {
  (void)state;
  expect_usage_error(3, ARGV("a", "--name"), "cmd: option --name needs a value");
  expect_usage_error(2, ARGV("-o"), "option -o needs a value");
}

/* -include FILE and -include=FILE as clang writes them; the value outlives the parse. */
static void one_dash_spellings_where_asked(void **state) {
  (void)state;
  Seen s;
  assert_int_equal(parse(&s, 3, ARGV("-include", "pre.h")), ST_OK);
  assert_string_equal(s.include, "pre.h");
  char **argv = ARGV("-include=pre2.h");
  assert_int_equal(parse(&s, 2, argv), ST_OK);
  assert_string_equal(s.include, "pre2.h");
  assert_ptr_equal(s.include, argv[1] + strlen("-include="));
  expect_usage_error(2, ARGV("-include"), "option -include needs a value");
  expect_usage_error(2, ARGV("-name=v"), "unknown option '-name=v'"); /* not asked for: one dash is short options */
}

static void unknown_options_can_be_collected(void **state) {
  (void)state;
  Seen s = {0};
  CliGroup g = CLI_GROUP(first, set_first, &s);
  CliParse p = {.groups = &g, .ngroups = 1, .unknown = collect};
  assert_int_equal(cli_parse(&p, 7, ARGV("--perl", "a", "-zf", "--flag", "--nam=1", "b")), ST_OK);
  assert_string_equal(s.unknown, "--perl;-zf;--nam=1;");
  assert_int_equal(s.flag, 1);
  assert_int_equal(s.f, 0); /* the rest of an unknown cluster goes with it */
  assert_int_equal(s.noperands, 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(options_may_follow_operands),
      cmocka_unit_test(values_come_joined_or_apart),
      cmocka_unit_test(double_dash_ends_options),
      cmocka_unit_test(what_follows_dashes_can_be_left_to_the_caller),
      cmocka_unit_test(unknown_options_are_named),
      cmocka_unit_test(long_names_must_be_whole),
      cmocka_unit_test(a_missing_value_is_named),
      cmocka_unit_test(one_dash_spellings_where_asked),
      cmocka_unit_test(unknown_options_can_be_collected),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
