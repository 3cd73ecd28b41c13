/* Fuzz target: the lexical reader (fz_read_lexically), from the tokens alone and
 * trusting the tree. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (int tree = 0; tree < 2; tree++) {
    SourceFile *f = fz_read_lexically(data, size, tree);
    if (f)
      an_source_free(f);
  }
  return 0;
}
