/* Fuzz target: the edit planner and applier. The bytes are a .cu file, read by
 * the lexical reader trusting the tree (fz_read_lexically), planned for one of the releases the
 * rules know (the last byte picks it; the first picks hipLaunchKernelGGL and
 * the ROC back end) and its edits applied, with and without --annotate. The
 * plan's edits must be in order and inside the file, as tr_apply assumes. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  SourceFile *f = size ? fz_read_lexically(data, size, FZ_TREE) : NULL;
  if (f) {
    fz_plan_and_apply(f, data[0], data[size - 1]);
    an_source_free(f);
  }
  return 0;
}
