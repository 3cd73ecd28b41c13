/* The JSON report: one document, its schema in docs/json-report.md. Built with
 * jansson, so every string is escaped by the library, never by hand. */
#include <jansson.h>

#include "reports_p.h"

static json_t *version_json(Version v) {
  char buf[16];
  rl_version_format(v, buf, sizeof buf);
  return json_string(buf);
}

static json_t *str_or_null(const char *s) { return s ? json_string(s) : json_null(); }

static json_t *summary_json(const Plan *p) {
  json_t *compat = json_object(), *compat_unique = json_object();
  for (size_t i = 0; i < p->compat.len; i++) {
    char v[16];
    rl_version_format(p->compat.items[i].release, v, sizeof v);
    json_object_set_new(compat, v, json_real(p->compat.items[i].percent));
    json_object_set_new(compat_unique, v, json_real(p->compat.items[i].percent_unique));
  }
  json_t *top = json_array();
  for (size_t i = 0; i < p->top.len && i < 20; i++)
    json_array_append_new(top, json_pack("{s:s, s:s, s:I, s:f}", "name", p->top.items[i].name, "category",
                                         p->top.items[i].category, "count", (json_int_t)p->top.items[i].uses,
                                         "effort_hours", p->top.items[i].effort_hours));
  return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:f, s:o, s:o, s:o, s:o}", "files_scanned",
                   (json_int_t)p->facts->files_scanned, "cuda_files", (json_int_t)p->files.len, "uses",
                   (json_int_t)p->uses, "unique_apis", (json_int_t)p->unique_apis, "mapped_uses",
                   (json_int_t)p->mapped_uses, "unmapped_uses", (json_int_t)p->unmapped_uses, "effort_hours",
                   p->effort_hours, "target_rocm", version_json(p->target), "compatibility", compat,
                   "compatibility_unique", compat_unique, "top_contributors", top);
}

static json_t *use_json(const FilePlan *fp, const PlannedUse *u) {
  const Fact *f = u->fact;
  return json_pack("{s:s, s:I, s:I, s:s, s:o, s:s, s:s, s:s, s:s, s:b, s:b}", "file", fp->src->rel, "line",
                   (json_int_t)f->line, "column", (json_int_t)f->column, "cuda", f->kind == FK_LAUNCH ? "<<<>>>" : f->name,
                   "hip", str_or_null(u->hip), "library", u->library, "kind", u->kind, "status",
                   pl_status_name(u->status), "cursor", f->cursor, "disabled", f->disabled, "in_macro", f->in_macro);
}

static json_t *finding_json(const FilePlan *fp, const Finding *f) {
  const DiagInfo *d = rl_diag(f->diag);
  return json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:s, s:s, s:f}", "code", d->code, "category", d->category,
                   "severity", rl_severity_name(d->severity), "file", fp->src->rel, "line", (json_int_t)f->line,
                   "column", (json_int_t)f->column, "subject", f->subject, "message", f->message, "effort_hours",
                   f->effort_hours);
}

static json_t *verify_json(const VerifyRecords *v) {
  json_t *arr = json_array();
  for (size_t i = 0; v && i < v->len; i++)
    json_array_append_new(arr, json_pack("{s:s, s:s, s:s, s:s, s:s}", "program", v->items[i].program, "dir",
                                         v->items[i].dir, "status", v->items[i].status, "detail", v->items[i].detail,
                                         "at", v->items[i].at));
  return arr;
}

static Status write_json(FILE *out, const Plan *p, const RuleDb *db, const VerifyRecords *verify) {
  json_t *files = json_array(), *uses = json_array(), *findings = json_array();
  for (size_t i = 0; i < p->files.len; i++) {
    const FilePlan *fp = &p->files.items[i];
    json_array_append_new(files, json_pack("{s:s, s:s, s:I, s:I, s:I}", "path", fp->src->rel, "parser",
                                           fp->src->skip_reason ? "none" : fp->src->parser == PARSER_LIBCLANG ? "libclang" : "lexical",
                                           "uses", (json_int_t)fp->uses.len, "findings", (json_int_t)fp->findings.len,
                                           "edits", (json_int_t)fp->edits.len));
    for (size_t j = 0; j < fp->uses.len; j++)
      json_array_append_new(uses, use_json(fp, &fp->uses.items[j]));
    for (size_t j = 0; j < fp->findings.len; j++)
      json_array_append_new(findings, finding_json(fp, &fp->findings.items[j]));
  }
  json_t *doc = json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o}", "tool", "hipport", "version", HIPPORT_VERSION,
                          "root", p->facts->root, "summary", summary_json(p), "files", files, "uses", uses,
                          "findings", findings, "verify", verify_json(verify));
  int rc = json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
  fputc('\n', out);
  json_decref(doc);
  return rc == 0 && !ferror(out) ? ST_OK : cm_fail(ST_ENV, "writing the JSON report failed");
}

const Reporter rp_json = {.name = "json", .write = write_json};
