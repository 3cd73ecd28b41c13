/* Release numbers as the rules store them: packed integers that compare numerically. */
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

/* "12", "6.2", "6.2.0": one to three numbers, each below 1000, nothing else. */
bool rl_version_parse(const char *s, Version *out) {
  unsigned part[3] = {0, 0, 0};
  int n = 0;
  const char *p = s;
  while (n < 3) {
    if (!isdigit((unsigned char)*p))
      return false;
    char *end;
    unsigned long v = strtoul(p, &end, 10);
    if (v >= 1000 || end - p > 4)
      return false;
    part[n++] = (unsigned)v;
    p = end;
    if (*p != '.' || n == 3)
      break; /* a fourth part, or a trailing dot, fails the end check below */
    p++;
  }
  if (*p != '\0' || (part[0] == 0 && part[1] == 0 && part[2] == 0))
    return false;
  *out = part[0] * 1000000u + part[1] * 1000u + part[2];
  return true;
}

void rl_version_format(Version v, char *out, size_t n) {
  if (v == VERSION_NONE)
    snprintf(out, n, "%s", "");
  else
    snprintf(out, n, "%u.%u.%u", v / 1000000u, v / 1000u % 1000u, v % 1000u);
}
