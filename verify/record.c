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

Status vf_record_tree(ResultDb *db, const TreeResult *r, const char *arch, const Machine *m) {
  RsUnit *units = cm_xcalloc(r->units.len + 1, sizeof *units);
  for (size_t i = 0; i < r->units.len; i++) {
    const UnitResult *u = &r->units.items[i];
    units[i] = (RsUnit){u->name, vf_unit_status_name(u->status), u->file, u->code, u->explanation, u->error, u->line,
                        u->column};
  }
  RsTreeRun run = {.root = r->root, .arch = arch, .built_with = r->built_with, .amd_gpu = m->amd ? m->amd_name : NULL,
                   .units = r->units.len, .compiling = r->count[UNIT_COMPILES],
                   .failing_reported = r->count[UNIT_REPORTED], .failing_unforeseen = r->count[UNIT_UNFORESEEN],
                   .missing_library = r->count[UNIT_MISSING_LIBRARY], .unit_rows = units, .nunit_rows = r->units.len};
  Status st = rs_record_tree(db, &run);
  free(units);
  return st;
}
