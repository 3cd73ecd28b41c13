/* Kernel launches written with spaced chevrons, `k< < <g, b> > >(x)`, which nvcc
 * takes and clang does not. libclang is handed the file with each such pair of
 * runs joined in place (`< < <` -> `<<<  `, the same length on the same line), so
 * offsets stay the file's and the tree and tokens see an ordinary launch; the
 * plan writes the joined form into the port. */
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

/* The end of a run of three `c` at i with only blanks between them, or 0. */
static size_t chevron_run(const char *t, size_t len, size_t i, char c) {
  for (int seen = 0; i < len; i++) {
    if (t[i] == c && ++seen == 3)
      return i + 1;
    if (t[i] != c && t[i] != ' ' && t[i] != '\t')
      return 0;
  }
  return 0;
}

/* [b, e) becomes the three chevrons followed by the blanks. */
static void join(char *t, size_t b, size_t e, char c) {
  memset(t + b, c, 3);
  memset(t + b + 3, ' ', e - b - 3);
}

char *join_chevrons(const char *text, size_t len) {
  char *joined = NULL;
  for (size_t i = 0; i < len; i++) {
    size_t open = text[i] == '<' ? chevron_run(text, len, i, '<') : 0;
    if (open <= i + 3) /* no run, or `<<<` as clang already reads it */
      continue;
    size_t close = 0, k = open;
    while (k < len && text[k] != ';' && !(text[k] == '>' && (close = chevron_run(text, len, k, '>'))))
      k++;
    if (!close)
      continue;
    if (!joined)
      joined = cm_xstrndup(text, len);
    join(joined, i, open, '<');
    join(joined, k, close, '>');
    i = close - 1;
  }
  return joined;
}
