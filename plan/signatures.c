/* Calls whose HIP counterpart takes another parameter list than the CUDA
 * declaration they were written for (rules/data/signatures.csv, which
 * scripts/compare_signatures.py generates from CUDA's and HIP's headers):
 * CUDA 13's cudaMemPrefetchAsync(ptr, n, location, flags, stream) against HIP
 * 5.2's hipMemPrefetchAsync(ptr, n, device, stream). A call whose arguments HIP's
 * declaration cannot take is an HP1008 finding, where no other rule rewrites
 * them (default_args.csv adds what HIP lacks a default for, arg_edits.csv
 * reshapes whole lists); the rename stays, for a person to finish. */
#include "plan_p.h"

/* Arguments HIP's declaration takes: their number, and none of the type CUDA
 * changed (a cudaMemLocation where HIP wants a device number). */
static bool hip_takes(const Signature *s, unsigned n) {
  return n >= s->hip_required && n <= s->hip_params && !(s->type_differs >= 0 && n > (unsigned)s->type_differs);
}

void plan_signature(FilePlan *fp, const Fact *f, const char *name, const RuleDb *db) {
  const Signature *s = rl_signature(db, name);
  Args a;
  if (!s || rl_arg_edit(db, name, NULL) || !call_args(fp->src, f->offset + f->length, &a) || hip_takes(s, a.n) ||
      (a.n < s->hip_required && rl_default_arg(db, name, a.n)))
    return;
  add_finding(fp, D_SIGNATURE, f->offset, name,
              cm_xasprintf("CUDA %s declares %s%s; HIP %s declares %s%s: rewrite the arguments in HIP's form (or "
                           "check whether the target ROCm takes CUDA's)",
                           s->cuda_release, name, s->cuda_signature, s->hip_release, s->hip, s->hip_signature));
}
