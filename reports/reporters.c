/* The report formats, one line each. */
#include <string.h>

#include "reports_p.h"

static const Reporter *const reporters[] = {&rp_text, &rp_json};

const Reporter *rp_find(const char *name) {
  for (size_t i = 0; i < sizeof reporters / sizeof *reporters; i++)
    if (strcmp(reporters[i]->name, name) == 0)
      return reporters[i];
  return NULL;
}

const char *rp_names(void) { return "text, json"; }
