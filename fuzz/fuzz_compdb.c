/* Fuzz target: the compile-database reader. The bytes are a build folder's
 * compile_commands.json, read into files and the flags kept for each. */
#include "analyzer_p.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_write("compile_commands.json", data, size);
  Candidates cands = {0};
  read_compile_db(fz_dir(), fz_dir(), &cands);
  free_candidates(&cands);
  return 0;
}
