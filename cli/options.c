/* The option reader shared by the subcommands: long options only, `--opt value`
 * or `--opt=value`, each usage error one line naming the option and exit code 2. */
#include <stdio.h>
#include <string.h>

#include "cli_p.h"
#include "rules.h"

bool opt_value(int argc, char **argv, int *i, const char *name, const char **value, Status *st) {
  const char *arg = argv[*i];
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0)
    return false;
  if (arg[n] == '=') {
    *value = arg + n + 1;
    return true;
  }
  if (arg[n] != '\0')
    return false;
  if (*i + 1 >= argc) {
    *st = cm_fail(ST_USAGE, "option %s needs a value", name);
    *value = NULL;
    return true;
  }
  *value = argv[++*i];
  return true;
}

bool opt_flag(char **argv, int i, const char *name) { return strcmp(argv[i], name) == 0; }

Status opt_unknown(const char *cmd, const char *arg) {
  if (arg[0] == '-')
    return cm_fail(ST_USAGE, "%s: unknown option '%s' (see hipport %s --help)", cmd, arg, cmd);
  return cm_fail(ST_USAGE, "%s: unexpected argument '%s' (see hipport %s --help)", cmd, arg, cmd);
}

bool opt_wants_help(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
      return true;
  return false;
}

Status print_usage(const Command *c) {
  fputs(c->usage, stdout);
  return ST_OK;
}

Status cli_open_rules(const char *path, RuleDb **db) { return rl_open(path ? path : rl_default_path(), db); }
