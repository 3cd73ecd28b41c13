/* Fuzz target: the output comparator. The bytes are an expected output and an
 * actual one, split at the first NUL byte (none: both are the whole input).
 * Each side compared with itself must match. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "verify.h"

static const Tolerance tol = {.rtol = 1e-5, .atol = 1e-8, .ulp = 4};
static const char *const ignore[] = {"time_ms:", NULL};

static bool matches(const char *e, size_t elen, const char *a, size_t alen, bool single) {
  Tolerance t = tol;
  t.single = single;
  Comparison c;
  vf_compare(e, elen, a, alen, &t, ignore, &c);
  bool match = c.match;
  vf_comparison_free(&c);
  return match;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *s = (const char *)data, *nul = memchr(s, '\0', size);
  size_t elen = nul ? (size_t)(nul - s) : size;
  const char *a = nul ? nul + 1 : s;
  size_t alen = nul ? size - elen - 1 : size;
  bool single = size && (data[size - 1] & 1);
  matches(s, elen, a, alen, single);
  if (!matches(s, elen, s, elen, single) || !matches(a, alen, a, alen, single))
    abort(); /* an output that differs from itself */
  return 0;
}
