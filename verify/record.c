/* Verify results kept in the results store (results/): one row per program,
 * target and run, with the machine it ran on and the timings the programs
 * printed, so that a CUDA timing recorded on an NVIDIA machine and a HIP timing
 * from an AMD one can meet later for the gap score. */
#include "verify.h"

Status vf_record(ResultDb *db, const Program *p, const char *arch, const Machine *m, const VerifyResult *r) {
  RsVerifyRun run = {.program = p->name, .dir = p->dir, .arch = arch, .status = vf_status_name(r->status),
                     .detail = r->detail, .cuda_build = r->cuda_build, .nvidia_gpu = r->cuda_gpu,
                     .amd_gpu = m->amd ? m->amd_name : NULL, .cuda_ms = r->cuda_ms, .hip_ms = r->hip_ms,
                     .max_abs = r->cmp.max_abs, .max_rel = r->cmp.max_rel, .numbers = r->cmp.numbers};
  return rs_record_verify(db, &run);
}
