/* The JSON report: one document, its schema in docs/json-report.md. Built with
 * jansson, so every string is escaped by the library, never by hand. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

static json_t *version_json(Version v) {
  char buf[16];
  rl_version_format(v, buf, sizeof buf);
  return json_string(buf);
}

/* Text from the scanned tree (paths, names, excerpts in messages) may hold bytes
 * that are not UTF-8, which JSON cannot carry: each such byte becomes U+FFFD. */
static json_t *text(const char *s) {
  json_t *j = json_string(s);
  if (j)
    return j;
  Buf b = {0};
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t n = *p < 0x80 ? 1 : (*p & 0xE0) == 0xC0 ? 2 : (*p & 0xF0) == 0xE0 ? 3 : (*p & 0xF8) == 0xF0 ? 4 : 0;
    char *piece = n ? cm_xstrndup((const char *)p, n) : NULL;
    json_t *ok = piece && strlen(piece) == n ? json_string(piece) : NULL;
    buf_puts(&b, ok ? piece : "\xEF\xBF\xBD");
    p += ok ? n : 1;
    json_decref(ok);
    free(piece);
  }
  j = json_string(buf_cstr(&b));
  buf_free(&b);
  return j;
}

static json_t *str_or_null(const char *s) { return s ? text(s) : json_null(); }

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
  return json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:f, s:o, s:s, s:o, s:o, s:o}", "parser",
                   p->facts->lexical ? "lexical" : "libclang", "files_scanned",
                   (json_int_t)p->facts->files_scanned, "cuda_files", (json_int_t)(p->files.len - p->build_files),
                   "build_files", (json_int_t)p->build_files, "uses",
                   (json_int_t)p->uses, "unique_apis", (json_int_t)p->unique_apis, "mapped_uses",
                   (json_int_t)p->mapped_uses, "unmapped_uses", (json_int_t)p->unmapped_uses, "effort_hours",
                   p->effort_hours, "target_rocm", version_json(p->target), "target_reason", p->target_why,
                   "compatibility", compat, "compatibility_unique", compat_unique, "top_contributors", top);
}

static json_t *use_json(const FilePlan *fp, const PlannedUse *u) {
  const Fact *f = u->fact;
  return json_pack("{s:o, s:I, s:I, s:o, s:o, s:s, s:s, s:s, s:s, s:b, s:b}", "file", text(fp->src->rel), "line",
                   (json_int_t)f->line, "column", (json_int_t)f->column, "cuda",
                   text(f->kind == FK_LAUNCH ? "<<<>>>" : f->name),
                   "hip", str_or_null(u->hip), "library", u->library, "kind", u->kind, "status",
                   pl_status_name(u->status), "cursor", f->cursor, "disabled", f->disabled, "in_macro", f->in_macro);
}

static json_t *finding_json(const FilePlan *fp, const Finding *f) {
  const DiagInfo *d = f->info;
  return json_pack("{s:s, s:s, s:s, s:o, s:I, s:I, s:o, s:o, s:f}", "code", d->code, "category", d->category,
                   "severity", rl_severity_name(d->severity), "file", text(fp->src->rel), "line", (json_int_t)f->line,
                   "column", (json_int_t)f->column, "subject", text(f->subject), "message", text(f->message), "effort_hours",
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

/* Each folder added for a local include the scanned tree lacks, once. */
static json_t *found_includes_json(const Plan *p) {
  json_t *arr = json_array();
  for (size_t i = 0; i < p->files.len; i++) {
    const SourceFile *src = p->files.items[i].src;
    for (size_t k = 0; k < src->found_includes.len; k++) {
      const FoundInclude *fi = &src->found_includes.items[k];
      bool seen = false;
      for (size_t j = 0; j < json_array_size(arr) && !seen; j++)
        seen = strcmp(json_string_value(json_object_get(json_array_get(arr, j), "folder")), fi->dir) == 0;
      if (!seen)
        json_array_append_new(arr, json_pack("{s:o, s:o, s:o}", "folder", text(fi->dir), "header", text(fi->header),
                                             "first_needed_by", text(src->rel)));
    }
  }
  return arr;
}

/* The rule database's meta table as it is, and the user rule files read. */
static json_t *rules_json(const RuleDb *db) {
  json_t *meta = json_object(), *files = json_array();
  for (size_t i = 0; i < rl_meta_count(db); i++) {
    const char *key, *value;
    rl_meta_at(db, i, &key, &value);
    json_object_set_new(meta, key, json_string(value));
  }
  for (size_t i = 0; i < rl_user_file_count(db); i++)
    json_array_append_new(files, json_string(rl_user_file(db, i)));
  return json_pack("{s:o, s:o}", "meta", meta, "user_files", files);
}

static Status write_json(FILE *out, const Plan *p, const RuleDb *db, const VerifyRecords *verify) {
  json_t *files = json_array(), *uses = json_array(), *findings = json_array();
  for (size_t i = 0; i < p->files.len; i++) {
    const FilePlan *fp = &p->files.items[i];
    json_array_append_new(files, json_pack("{s:o, s:s, s:I, s:I, s:I}", "path", text(fp->src->rel), "parser",
                                           fp->src->skip_reason ? "none" : fp->src->parser == PARSER_LIBCLANG ? "libclang" : "lexical",
                                           "uses", (json_int_t)fp->uses.len, "findings", (json_int_t)fp->findings.len,
                                           "edits", (json_int_t)fp->edits.len));
    for (size_t j = 0; j < fp->uses.len; j++)
      json_array_append_new(uses, use_json(fp, &fp->uses.items[j]));
    for (size_t j = 0; j < fp->findings.len; j++)
      json_array_append_new(findings, finding_json(fp, &fp->findings.items[j]));
  }
  json_t *doc = json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "tool", "hipport", "version",
                          HIPPORT_VERSION, "root", text(p->facts->root), "rules", rules_json(db), "summary",
                          summary_json(p), "files", files, "uses", uses, "findings", findings, "include_folders_found",
                          found_includes_json(p), "verify", verify_json(verify));
  int rc = json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
  fputc('\n', out);
  json_decref(doc);
  return rc == 0 && !ferror(out) ? ST_OK : cm_fail(ST_ENV, "writing the JSON report failed");
}

const Reporter rp_json = {.name = "json", .write = write_json};
