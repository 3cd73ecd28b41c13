/* Fuzz target: the lexical readers (fz_read_lexically): lexer.c's tokens
 * (--lexical), libclang's tokens alone, and trusting the tree. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (FzReading how = FZ_LEXER; how <= FZ_TREE; how++) {
    SourceFile *f = fz_read_lexically(data, size, how);
    if (f)
      an_source_free(f);
  }
  return 0;
}
