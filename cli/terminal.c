/* Terminal habits: --quiet (errors only: no progress line, no warnings, only
 * error findings in the text report) and clang's --color=auto|always|never,
 * where auto means colour on a terminal and NO_COLOR (no-color.org), when set
 * to anything, turns auto off. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_p.h"

enum { TO_COLOR = 256 };

static const CliOption options[] = {
    {"quiet", 'q', false, false},
    {"color", TO_COLOR, true, false},
};

static Status set_option(void *ctx, const char *cmd, int key, const char *value) {
  Terminal *t = ctx;
  if (key == 'q') {
    t->quiet = true;
    return ST_OK;
  }
  if (strcmp(value, "auto") != 0 && strcmp(value, "always") != 0 && strcmp(value, "never") != 0)
    return cm_fail(ST_USAGE, "%s: --color wants auto, always or never, not '%s'", cmd, value);
  t->color = value;
  return ST_OK;
}

CliGroup terminal_options(Terminal *t) { return CLI_GROUP(options, set_option, t); }

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
