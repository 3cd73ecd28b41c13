/* Terminal habits: --quiet (errors only: no progress line, no warnings, only
 * error findings in the text report) and clang's --color=auto|always|never,
 * where auto means colour on a terminal and NO_COLOR (no-color.org), when set
 * to anything, turns auto off. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_p.h"

bool terminal_option(int argc, char **argv, int *i, Terminal *t, Status *st) {
  const char *color = NULL;
  if (opt_flag(argv, *i, "--quiet") || opt_flag(argv, *i, "-q")) {
    t->quiet = true;
    return true;
  }
  if (!opt_value(argc, argv, i, "--color", &color, st))
    return false;
  if (color && strcmp(color, "auto") != 0 && strcmp(color, "always") != 0 && strcmp(color, "never") != 0)
    *st = cm_fail(ST_USAGE, "%s: --color wants auto, always or never, not '%s'", argv[0], color);
  t->color = color;
  return true;
}

/* Colour for a report written to `output` (NULL or "-": standard output). */
bool terminal_color(const Terminal *t, const char *output) {
  if (t->color && strcmp(t->color, "always") == 0)
    return true;
  if (t->color && strcmp(t->color, "never") == 0)
    return false;
  const char *no = getenv("NO_COLOR");
  bool to_stdout = !output || strcmp(output, "-") == 0;
  return !(no && *no) && to_stdout && isatty(STDOUT_FILENO);
}

bool terminal_progress(const Terminal *t) { return !t->quiet && isatty(STDERR_FILENO); }
