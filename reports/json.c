/* The Report as JSON and back: the JSON report (its schema in docs/json-report.md)
 * and the form the results store keeps a scan in. Built with jansson, so every
 * string is escaped by the library; the Report's strings are UTF-8 already. */
#include <stddef.h>
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
  json_t *more = json_pack("{s:I, s:I, s:I, s:I, s:I, s:f}", "lexical_files", (json_int_t)s->lexical_files,
                           "reused_files", (json_int_t)s->reused_files, "settled_files",
                           (json_int_t)s->settled_files, "findings", (json_int_t)s->findings,
                           "findings_need_work", (json_int_t)s->need_work, "need_work_hours", s->need_work_hours);
  json_object_update(o, more);
  json_decref(more);
  return o;
}

/* ---- the document's members, in order ----
 * A list member is made an item at a time, so that the JSON report can write a
 * tree's thousands of uses one by one instead of holding the whole document:
 * rp_to_json and write_json read the same table. */

static json_t *file_json(const Report *r, size_t i) {
  const RpFile *f = &r->files.items[i];
  json_t *o = json_pack("{s:s, s:s, s:I, s:I, s:I, s:s, s:I}", "path", f->path, "parser", f->parser, "uses",
                        (json_int_t)f->uses, "findings", (json_int_t)f->findings, "edits", (json_int_t)f->edits,
                        "program", f->program, "mapped", (json_int_t)f->mapped);
  if (f->needs_tree)
    json_object_set_new(o, "needs_tree", json_string(f->needs_tree));
  return o;
}

static json_t *use_json(const Report *r, size_t i) {
  const RpUse *u = &r->uses.items[i];
  return json_pack("{s:s, s:I, s:I, s:s, s:o, s:s, s:s, s:s, s:s, s:b, s:b, s:b}", "file", u->file, "line",
                   (json_int_t)u->line, "column", (json_int_t)u->column, "cuda", u->cuda, "hip", str_or_null(u->hip),
                   "library", u->library, "kind", u->kind, "status", u->status, "cursor", u->cursor, "disabled",
                   u->disabled, "in_macro", u->in_macro, "available", u->available);
}

static json_t *finding_json(const Report *r, size_t i) {
  const RpFinding *f = &r->findings.items[i];
  return json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:s, s:s, s:f, s:o}", "code", f->code, "category", f->category,
                   "severity", f->severity, "file", f->file, "line", (json_int_t)f->line, "column",
                   (json_int_t)f->column, "subject", f->subject, "message", f->message, "effort_hours",
                   f->effort_hours, "source_line", str_or_null(f->source_line));
}

static json_t *diagnostic_json(const Report *r, size_t i) {
  const RpDiagnostic *d = &r->diagnostics.items[i];
  return json_pack("{s:s, s:s, s:s, s:s, s:f, s:s}", "code", d->code, "category", d->category, "title", d->title,
                   "severity", d->severity, "effort_hours", d->effort_hours, "effort_per", d->per);
}

static json_t *group_json(const RpGroup *x) {
  return json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:f}", "name", x->name, "files", (json_int_t)x->files, "uses",
                   (json_int_t)x->uses, "mapped", (json_int_t)x->mapped, "findings", (json_int_t)x->findings,
                   "need_work", (json_int_t)x->need_work, "effort_hours", x->effort_hours);
}

static json_t *program_json(const Report *r, size_t i) { return group_json(&r->programs.items[i]); }
static json_t *category_json(const Report *r, size_t i) { return group_json(&r->categories.items[i]); }
static json_t *library_json(const Report *r, size_t i) { return group_json(&r->libraries.items[i]); }

static json_t *found_include_json(const Report *r, size_t i) {
  const RpFoundInclude *f = &r->found_includes.items[i];
  return json_pack("{s:s, s:s, s:s}", "folder", f->folder, "header", f->header, "first_needed_by", f->first_needed_by);
}

static json_t *verify_json(const Report *r, size_t i) {
  const RpVerify *v = &r->verify.items[i];
  return json_pack("{s:s, s:s, s:s, s:s, s:s}", "program", v->program, "dir", v->dir, "status", v->status, "detail",
                   v->detail, "at", v->at);
}

static json_t *tool_json(const Report *r) {
  (void)r;
  return json_string("hipport");
}
static json_t *version_json(const Report *r) { return json_string(r->version); }
static json_t *root_json(const Report *r) { return json_string(r->root); }
static json_t *summary_member(const Report *r) { return summary_json(&r->summary); }

/* A member is one value (whole) or a list of `len` items (the VEC at that
 * offset of Report). */
typedef struct {
  const char *key;
  json_t *(*whole)(const Report *r);
  json_t *(*item)(const Report *r, size_t i);
  size_t len; /* offsetof the list's length in Report */
} Member;

#define LIST(key, fn, vec) {key, NULL, fn, offsetof(Report, vec.len)}
static const Member members[] = {
    {"tool", tool_json, NULL, 0},
    {"version", version_json, NULL, 0},
    {"root", root_json, NULL, 0},
    {"rules", rules_json, NULL, 0},
    {"summary", summary_member, NULL, 0},
    LIST("files", file_json, files),
    LIST("uses", use_json, uses),
    LIST("findings", finding_json, findings),
    LIST("include_folders_found", found_include_json, found_includes),
    LIST("verify", verify_json, verify),
    LIST("diagnostics", diagnostic_json, diagnostics),
    LIST("programs", program_json, programs),
    LIST("categories", category_json, categories),
    LIST("libraries", library_json, libraries),
};
#undef LIST

static size_t list_len(const Report *r, const Member *m) { return *(const size_t *)((const char *)r + m->len); }

json_t *rp_to_json(const Report *r) {
  json_t *doc = json_object();
  for (size_t k = 0; k < sizeof members / sizeof *members; k++) {
    const Member *m = &members[k];
    json_t *v = m->whole ? m->whole(r) : json_array();
    for (size_t i = 0; !m->whole && i < list_len(r, m); i++)
      json_array_append_new(v, m->item(r, i));
    json_object_set_new(doc, m->key, v);
  }
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
                   count(o, "reused_files"), count(o, "settled_files"), false, {0}, {0}};
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
                count(o, "findings"), count(o, "edits"), str_null(o, "needs_tree")};
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

/* A value `depth` levels down, as json_dumpf would print it there: jansson's
 * text with every line after the first indented one space a level (its strings
 * hold no raw newline; compact text has no line to indent). Frees v. */
static void put_value(FILE *out, json_t *v, size_t flags, int depth) {
  char *text = json_dumps(v, flags | JSON_ENCODE_ANY);
  for (const char *p = text; p && *p;) { /* line by line: a character at a time was a sixth of a warm scan */
    const char *nl = strchr(p, '\n');
    fwrite(p, 1, nl ? (size_t)(nl - p) : strlen(p), out);
    if (!nl)
      break;
    fprintf(out, "\n%*s", depth, "");
    p = nl + 1;
  }
  free(text);
  json_decref(v);
}

/* As json_dumpf(rp_to_json(r), out, flags) prints it, for flags of
 * JSON_INDENT(1) or JSON_COMPACT, a list's items made and written one at a time:
 * a tree's report never sits in memory twice. */
Status rp_write_json(FILE *out, const Report *r, size_t flags) {
  bool pretty = !(flags & JSON_COMPACT);
  const char *member = pretty ? "\n " : "", *item = pretty ? "\n  " : "", *colon = pretty ? ": " : ":";
  size_t n = sizeof members / sizeof *members;
  fputs("{", out);
  for (size_t k = 0; k < n; k++) {
    const Member *m = &members[k];
    fprintf(out, "%s\"%s\"%s", member, m->key, colon);
    size_t len = m->whole ? 0 : list_len(r, m);
    if (m->whole)
      put_value(out, m->whole(r), flags, 1);
    else
      fputs(len ? "[" : "[]", out);
    for (size_t i = 0; i < len; i++) {
      fputs(item, out);
      put_value(out, m->item(r, i), flags, 2);
      fputs(i + 1 < len ? "," : member, out);
      if (i + 1 == len)
        fputs("]", out);
    }
    fputs(k + 1 < n ? "," : pretty ? "\n}" : "}", out);
  }
  return !ferror(out) ? ST_OK : cm_fail(ST_ENV, "writing the JSON report failed");
}

static Status write_json(FILE *out, const Report *r, const RpOptions *opt) {
  (void)opt;
  Status st = rp_write_json(out, r, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
  fputc('\n', out);
  return st;
}

const Reporter rp_json = {.name = "json", .write = write_json};
