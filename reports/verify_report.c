/* Verify results of programs for people (a status table, then the gap score of
 * each program whose CUDA and HIP timings the results database holds) and for
 * tools (JSON, its schema in docs/json-report.md). */
#include <jansson.h>

#include "reports_p.h"

static Status verify_text(FILE *out, const VerifyRow *rows, size_t n, const char *machine) {
  fprintf(out, "%-22s %-16s %s\n", "program", "status", "detail");
  size_t count[VS_NOT_BUILDABLE + 1] = {0};
  for (size_t i = 0; i < n; i++) {
    const VerifyResult *r = rows[i].result;
    count[r->status]++;
    fprintf(out, "%-22s %-16s %s\n", rows[i].program->name, vf_status_name(r->status), r->detail ? r->detail : "");
    if (r->cuda_build && strncmp(r->cuda_build, "compiled", 8) != 0)
      fprintf(out, "%-22s %-16s CUDA original: %s\n", "", "", r->cuda_build);
  }
  fprintf(out, "\n%zu programs on %s:", n, machine);
  for (int s = 0; s <= VS_NOT_BUILDABLE; s++)
    if (count[s])
      fprintf(out, " %zu %s", count[s], vf_status_name((VerifyStatus)s));
  fputc('\n', out);
  return ferror(out) ? cm_fail(ST_ENV, "writing the verify report failed") : ST_OK;
}

static json_t *ms_json(double ms) { return ms >= 0 ? json_real(ms) : json_null(); }

static Status verify_json(FILE *out, const VerifyRow *rows, size_t n, const char *machine) {
  json_t *programs = json_array();
  for (size_t i = 0; i < n; i++) {
    const VerifyResult *r = rows[i].result;
    json_array_append_new(programs,
                          json_pack("{s:s, s:s, s:s, s:o, s:s, s:o, s:o, s:o, s:I, s:f, s:f}", "program",
                                    rows[i].program->name, "status", vf_status_name(r->status), "detail",
                                    r->detail ? r->detail : "", "built_with",
                                    r->built_with ? json_string(r->built_with) : json_null(),
                                    "cuda_build", r->cuda_build ? r->cuda_build : "", "cuda_gpu",
                                    r->cuda_gpu ? json_string(r->cuda_gpu) : json_null(), "cuda_ms", ms_json(r->cuda_ms),
                                    "hip_ms", ms_json(r->hip_ms), "numbers", (json_int_t)r->cmp.numbers, "max_abs",
                                    r->cmp.max_abs, "max_rel", r->cmp.max_rel));
  }
  json_t *doc = json_pack("{s:s, s:o}", "machine", machine, "programs", programs);
  int rc = json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(doc);
  return rc == 0 ? ST_OK : cm_fail(ST_ENV, "writing the verify report failed");
}

Status rp_verify_programs(FILE *out, const char *format, const VerifyRow *rows, size_t n, const char *machine) {
  if (strcmp(format, "json") == 0)
    return verify_json(out, rows, n, machine);
  if (strcmp(format, "text") == 0)
    return verify_text(out, rows, n, machine);
  return cm_fail(ST_USAGE, "verify: programs with a manifest report as text or json, not '%s'", format);
}

void rp_verify_gaps(FILE *out, ResultDb *db, const VerifyRow *rows, size_t n) {
  for (size_t i = 0; i < n; i++) {
    double cuda_ms, hip_ms, amd_peak, nv_peak;
    char *nv = NULL, *amd = NULL;
    if (rs_timings(db, rows[i].program->name, &cuda_ms, &nv, &hip_ms, &amd) && vf_peak_tflops(amd, &amd_peak) &&
        vf_peak_tflops(nv, &nv_peak))
      fprintf(out, "gap score %-22s %+.1f (%s %.3f ms vs %s %.3f ms)\n", rows[i].program->name,
              vf_gap_score(amd_peak, nv_peak, hip_ms, cuda_ms), amd, hip_ms, nv, cuda_ms);
    free(nv);
    free(amd);
  }
}
