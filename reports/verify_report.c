/* Verify results for people (a status table) and for tools (JSON, its schema in
 * docs/json-report.md). */
#include <jansson.h>

#include "reports_p.h"

Status rp_verify_text(FILE *out, const VerifyRow *rows, size_t n, const char *machine) {
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

Status rp_verify_json(FILE *out, const VerifyRow *rows, size_t n, const char *machine) {
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
