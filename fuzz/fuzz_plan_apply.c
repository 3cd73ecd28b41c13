/* Fuzz target: the edit planner and applier. The bytes are a .cu file, read by
 * the lexical reader trusting the tree (fz_read_lexically), planned for one of the releases the
 * rules know (the last byte picks it; the first picks hipLaunchKernelGGL and
 * the ROC back end) and its edits applied, with and without --annotate. The
 * plan's edits must be in order and inside the file, as tr_apply assumes. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "plan.h"
#include "translator.h"

static void check_edits(const FilePlan *fp) {
  unsigned end = 0;
  for (size_t i = 0; i < fp->edits.len; i++) {
    const Edit *e = &fp->edits.items[i];
    if (e->offset < end || e->offset + e->length > fp->src->len)
      abort(); /* overlapping, out of order or past the end */
    end = e->offset + e->length;
  }
}

static void plan_and_apply(SourceFile *f, const uint8_t *data, size_t size) {
  const RuleDb *db = fz_rules();
  Facts facts = {.root = cm_xstrdup(fz_dir())};
  vec_push(&facts.files, f);
  PlanOptions opt = {.target = rl_release(db, data[size - 1] % rl_release_count(db)), .target_why = "fuzz",
                     .launch_ggl = data[0] & 1, .backend_roc = data[0] & 2};
  Plan plan;
  if (!pl_build(&facts, db, &opt, &plan)) {
    for (size_t i = 0; i < plan.files.len; i++) {
      check_edits(&plan.files.items[i]);
      for (int annotate = 0; annotate < 2; annotate++) {
        size_t len;
        free(tr_apply(&plan.files.items[i], annotate, &len));
      }
    }
    pl_free(&plan);
  }
  vec_free(&facts.files);
  free(facts.root);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  SourceFile *f = size ? fz_read_lexically(data, size, true) : NULL;
  if (f) {
    plan_and_apply(f, data, size);
    an_source_free(f);
  }
  return 0;
}
