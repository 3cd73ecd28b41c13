/* The Report as JSON and back: the JSON report (its schema in docs/json-report.md)
 * and the form the results store keeps a scan in. Built with jansson, so every
 * string is escaped by the library; the Report's strings are UTF-8 already. */
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

static json_t *str_or_null(const char *s) { return s ? json_string(s) : json_null(); }

static json_t *pairs_object(const RpPair *p, size_t n) {
  json_t *o = json_object();
  for (size_t i = 0; i < n; i++)
    json_object_set_new(o, p[i].key, json_string(p[i].value));
  return o;
}

static json_t *rules_json(const Report *r) {
  json_t *files = json_array(), *summaries = json_array();
  for (size_t i = 0; i < r->user_files.len; i++) {
    json_array_append_new(files, json_string(r->user_files.items[i].key));
    json_array_append_new(summaries, json_string(r->user_files.items[i].value));
  }
  return json_pack("{s:o, s:o, s:s, s:o}", "meta", pairs_object(r->rules_meta.items, r->rules_meta.len), "user_files",
                   files, "description", r->rules_description, "user_file_summaries", summaries);
}

static json_t *summary_json(const RpSummary *s) {
  json_t *compat = json_object(), *compat_unique = json_object(), *top = json_array();
  for (size_t i = 0; i < s->compat.len; i++) {
    json_object_set_new(compat, s->compat.items[i].release, json_real(s->compat.items[i].percent));
    json_object_set_new(compat_unique, s->compat.items[i].release, json_real(s->compat.items[i].percent_unique));
  }
  for (size_t i = 0; i < s->top.len; i++)
    json_array_append_new(top, json_pack("{s:s, s:s, s:I, s:f}", "name", s->top.items[i].name, "category",
                                         s->top.items[i].category, "count", (json_int_t)s->top.items[i].count,
                                         "effort_hours", s->top.items[i].effort_hours));
  json_t *o = json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:f, s:s, s:s, s:o, s:o, s:o}", "parser",
                        s->lexical ? "lexical" : "libclang", "files_scanned", (json_int_t)s->files_scanned,
                        "cuda_files", (json_int_t)s->cuda_files, "build_files", (json_int_t)s->build_files, "uses",
                        (json_int_t)s->uses, "unique_apis", (json_int_t)s->unique_apis, "mapped_uses",
                        (json_int_t)s->mapped_uses, "unmapped_uses", (json_int_t)s->unmapped_uses, "effort_hours",
                        s->effort_hours, "target_rocm", s->target, "target_reason", s->target_reason,
                        "compatibility", compat, "compatibility_unique", compat_unique, "top_contributors", top);
  json_t *more = json_pack("{s:I, s:I, s:I, s:I, s:f}", "lexical_files", (json_int_t)s->lexical_files,
                           "reused_files", (json_int_t)s->reused_files, "findings", (json_int_t)s->findings,
                           "findings_need_work", (json_int_t)s->need_work, "need_work_hours", s->need_work_hours);
  json_object_update(o, more);
  json_decref(more);
  return o;
}

static json_t *files_json(const Report *r) {
  json_t *a = json_array();
  for (size_t i = 0; i < r->files.len; i++) {
    const RpFile *f = &r->files.items[i];
    json_array_append_new(a, json_pack("{s:s, s:s, s:I, s:I, s:I, s:s, s:I}", "path", f->path, "parser", f->parser,
                                       "uses", (json_int_t)f->uses, "findings", (json_int_t)f->findings, "edits",
                                       (json_int_t)f->edits, "program", f->program, "mapped", (json_int_t)f->mapped));
  }
  return a;
}

static json_t *uses_json(const Report *r) {
  json_t *a = json_array();
  for (size_t i = 0; i < r->uses.len; i++) {
    const RpUse *u = &r->uses.items[i];
    json_array_append_new(a, json_pack("{s:s, s:I, s:I, s:s, s:o, s:s, s:s, s:s, s:s, s:b, s:b, s:b}", "file", u->file,
                                       "line", (json_int_t)u->line, "column", (json_int_t)u->column, "cuda", u->cuda,
                                       "hip", str_or_null(u->hip), "library", u->library, "kind", u->kind, "status",
                                       u->status, "cursor", u->cursor, "disabled", u->disabled, "in_macro",
                                       u->in_macro, "available", u->available));
  }
  return a;
}

static json_t *findings_json(const Report *r) {
  json_t *a = json_array();
  for (size_t i = 0; i < r->findings.len; i++) {
    const RpFinding *f = &r->findings.items[i];
    json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:s, s:s, s:f, s:o}", "code", f->code,
                                       "category", f->category, "severity", f->severity, "file", f->file, "line",
                                       (json_int_t)f->line, "column", (json_int_t)f->column, "subject", f->subject,
                                       "message", f->message, "effort_hours", f->effort_hours, "source_line",
                                       str_or_null(f->source_line)));
  }
  return a;
}

static json_t *diagnostics_json(const Report *r) {
  json_t *a = json_array();
  for (size_t i = 0; i < r->diagnostics.len; i++) {
    const RpDiagnostic *d = &r->diagnostics.items[i];
    json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s, s:f, s:s}", "code", d->code, "category", d->category,
                                       "title", d->title, "severity", d->severity, "effort_hours", d->effort_hours,
                                       "effort_per", d->per));
  }
  return a;
}

static json_t *groups_json(const RpGroups *g) {
  json_t *a = json_array();
  for (size_t i = 0; i < g->len; i++) {
    const RpGroup *x = &g->items[i];
    json_array_append_new(a, json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:f}", "name", x->name, "files",
                                       (json_int_t)x->files, "uses", (json_int_t)x->uses, "mapped",
                                       (json_int_t)x->mapped, "findings", (json_int_t)x->findings, "need_work",
                                       (json_int_t)x->need_work, "effort_hours", x->effort_hours));
  }
  return a;
}

static json_t *found_includes_json(const Report *r) {
  json_t *a = json_array();
  for (size_t i = 0; i < r->found_includes.len; i++) {
    const RpFoundInclude *f = &r->found_includes.items[i];
    json_array_append_new(a, json_pack("{s:s, s:s, s:s}", "folder", f->folder, "header", f->header,
                                       "first_needed_by", f->first_needed_by));
  }
  return a;
}

static json_t *verify_json(const Report *r) {
  json_t *a = json_array();
  for (size_t i = 0; i < r->verify.len; i++) {
    const RpVerify *v = &r->verify.items[i];
    json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s, s:s}", "program", v->program, "dir", v->dir, "status",
                                       v->status, "detail", v->detail, "at", v->at));
  }
  return a;
}

json_t *rp_to_json(const Report *r) {
  json_t *doc = json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "tool", "hipport", "version", r->version,
                          "root", r->root, "rules", rules_json(r), "summary", summary_json(&r->summary), "files",
                          files_json(r), "uses", uses_json(r), "findings", findings_json(r), "include_folders_found",
                          found_includes_json(r), "verify", verify_json(r));
  json_object_set_new(doc, "diagnostics", diagnostics_json(r));
  json_object_set_new(doc, "programs", groups_json(&r->programs));
  json_object_set_new(doc, "categories", groups_json(&r->categories));
  json_object_set_new(doc, "libraries", groups_json(&r->libraries));
  return doc;
}

/* ---- back from JSON: a missing field reads as empty or zero ---- */

static char *str(const json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  return cm_xstrdup(s ? s : "");
}

static char *str_null(const json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  return s ? cm_xstrdup(s) : NULL;
}

static size_t count(const json_t *o, const char *key) { return (size_t)json_integer_value(json_object_get(o, key)); }
static double real(const json_t *o, const char *key) { return json_number_value(json_object_get(o, key)); }
static bool flag(const json_t *o, const char *key) { return json_is_true(json_object_get(o, key)); }

static void rules_back(const json_t *rules, Report *r) {
  const char *key;
  json_t *value;
  json_object_foreach(json_object_get(rules, "meta"), key, value) {
    RpPair p = {cm_xstrdup(key), cm_xstrdup(json_string_value(value) ? json_string_value(value) : "")};
    vec_push(&r->rules_meta, p);
  }
  const json_t *files = json_object_get(rules, "user_files"), *sums = json_object_get(rules, "user_file_summaries");
  for (size_t i = 0; i < json_array_size(files); i++) {
    const char *sum = json_string_value(json_array_get(sums, i));
    RpPair p = {cm_xstrdup(json_string_value(json_array_get(files, i))), cm_xstrdup(sum ? sum : "")};
    vec_push(&r->user_files, p);
  }
  r->rules_description = str(rules, "description");
}

static void summary_back(const json_t *o, RpSummary *s) {
  *s = (RpSummary){count(o, "files_scanned"), count(o, "cuda_files"), count(o, "lexical_files"), count(o, "uses"),
                   count(o, "unique_apis"), count(o, "mapped_uses"), count(o, "unmapped_uses"), count(o, "findings"),
                   count(o, "findings_need_work"), real(o, "effort_hours"), real(o, "need_work_hours"),
                   str(o, "target_rocm"), str(o, "target_reason"), count(o, "build_files"),
                   count(o, "reused_files"), false, {0}, {0}};
  const char *parser = json_string_value(json_object_get(o, "parser"));
  s->lexical = parser && strcmp(parser, "lexical") == 0;
  const json_t *unique = json_object_get(o, "compatibility_unique");
  const char *key;
  json_t *value;
  json_object_foreach(json_object_get(o, "compatibility"), key, value) {
    RpCompat c = {cm_xstrdup(key), json_number_value(value), json_number_value(json_object_get(unique, key))};
    vec_push(&s->compat, c);
  }
  size_t i;
  json_array_foreach(json_object_get(o, "top_contributors"), i, value) {
    RpContributor c = {str(value, "name"), str(value, "category"), count(value, "count"), real(value, "effort_hours")};
    vec_push(&s->top, c);
  }
}

static void groups_back(const json_t *a, RpGroups *g) {
  size_t i;
  json_t *o;
  json_array_foreach(a, i, o) {
    RpGroup x = {str(o, "name"),     count(o, "files"),     count(o, "uses"),          count(o, "mapped"),
                 count(o, "findings"), count(o, "need_work"), real(o, "effort_hours")};
    vec_push(g, x);
  }
}

static void lists_back(const json_t *doc, Report *r) {
  size_t i;
  json_t *o;
  json_array_foreach(json_object_get(doc, "files"), i, o) {
    RpFile x = {str(o, "path"), str(o, "parser"), str(o, "program"), count(o, "uses"), count(o, "mapped"),
                count(o, "findings"), count(o, "edits")};
    vec_push(&r->files, x);
  }
  json_array_foreach(json_object_get(doc, "uses"), i, o) {
    RpUse x = {str(o, "file"), str(o, "cuda"), str_null(o, "hip"), str(o, "library"), str(o, "kind"),
               str(o, "status"), str(o, "cursor"), (unsigned)count(o, "line"), (unsigned)count(o, "column"),
               flag(o, "disabled"), flag(o, "in_macro"), flag(o, "available")};
    vec_push(&r->uses, x);
  }
  json_array_foreach(json_object_get(doc, "findings"), i, o) {
    RpFinding x = {str(o, "code"), str(o, "category"), str(o, "severity"), str(o, "file"), str(o, "subject"),
                   str(o, "message"), str_null(o, "source_line"), (unsigned)count(o, "line"),
                   (unsigned)count(o, "column"), real(o, "effort_hours")};
    vec_push(&r->findings, x);
  }
  json_array_foreach(json_object_get(doc, "diagnostics"), i, o) {
    RpDiagnostic x = {str(o, "code"), str(o, "category"), str(o, "title"), str(o, "severity"), str(o, "effort_per"),
                      real(o, "effort_hours")};
    vec_push(&r->diagnostics, x);
  }
  json_array_foreach(json_object_get(doc, "include_folders_found"), i, o) {
    RpFoundInclude x = {str(o, "folder"), str(o, "header"), str(o, "first_needed_by")};
    vec_push(&r->found_includes, x);
  }
  json_array_foreach(json_object_get(doc, "verify"), i, o) {
    RpVerify x = {str(o, "program"), str(o, "dir"), str(o, "status"), str(o, "detail"), str(o, "at")};
    vec_push(&r->verify, x);
  }
}

Status rp_from_json(const json_t *doc, const char *what, Report *r) {
  *r = (Report){0};
  if (!json_is_object(doc) || !json_string_value(json_object_get(doc, "tool")) ||
      strcmp(json_string_value(json_object_get(doc, "tool")), "hipport") != 0 ||
      !json_is_object(json_object_get(doc, "summary")))
    return cm_fail(ST_INPUT, "%s: not a hipport report: scan again to store one", what);
  r->version = str(doc, "version"), r->root = str(doc, "root");
  rules_back(json_object_get(doc, "rules"), r);
  summary_back(json_object_get(doc, "summary"), &r->summary);
  lists_back(doc, r);
  groups_back(json_object_get(doc, "programs"), &r->programs);
  groups_back(json_object_get(doc, "categories"), &r->categories);
  groups_back(json_object_get(doc, "libraries"), &r->libraries);
  return ST_OK;
}

static Status write_json(FILE *out, const Report *r, const RpOptions *opt) {
  json_t *doc = rp_to_json(r);
  int rc = json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
  fputc('\n', out);
  json_decref(doc);
  return rc == 0 && !ferror(out) ? ST_OK : cm_fail(ST_ENV, "writing the JSON report failed");
}

const Reporter rp_json = {.name = "json", .write = write_json};
