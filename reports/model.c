/* The Report every format renders, built once from a plan: strings copied (and
 * made valid UTF-8, so that JSON, SARIF and HTML can carry them and a stored scan
 * renders as the live one did), numbers summed into the tables people read: a
 * row per program, per category of finding and per library. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

/* Each invalid byte becomes U+FFFD. malloc'd; NULL stays NULL. */
char *rp_utf8(const char *s) {
  if (!s)
    return NULL;
  Buf b = {0};
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t n = *p < 0x80 ? 1 : (*p & 0xE0) == 0xC0 ? 2 : (*p & 0xF0) == 0xE0 ? 3 : (*p & 0xF8) == 0xF0 ? 4 : 0;
    bool ok = n > 0;
    for (size_t k = 1; k < n && ok; k++)
      ok = (p[k] & 0xC0) == 0x80;
    if (ok && n > 1) /* overlong forms and surrogates are not UTF-8 either */
      ok = !(n == 2 && *p < 0xC2) && !(n == 3 && *p == 0xE0 && p[1] < 0xA0) && !(n == 3 && *p == 0xED && p[1] >= 0xA0) &&
           !(n == 4 && *p == 0xF0 && p[1] < 0x90) && !(n == 4 && (*p > 0xF4 || (*p == 0xF4 && p[1] >= 0x90)));
    buf_append(&b, ok ? (const char *)p : "\xEF\xBF\xBD", ok ? n : 3);
    p += ok ? n : 1;
  }
  char *out = cm_xstrdup(buf_cstr(&b));
  buf_free(&b);
  return out;
}

static char *version_str(Version v) {
  char buf[16];
  rl_version_format(v, buf, sizeof buf);
  return cm_xstrdup(buf);
}

static char *line_text(const SourceFile *src, unsigned line) {
  if (line == 0 || line > src->line_starts.len)
    return NULL;
  unsigned b = src->line_starts.items[line - 1], e = b;
  while (e < src->len && src->text[e] != '\n' && src->text[e] != '\r')
    e++;
  char *raw = cm_xstrndup(src->text + b, e - b), *s = rp_utf8(raw);
  free(raw);
  return s;
}

/* A folder holding a build a user starts (CMakeLists.txt, a Makefile) is a program. */
static bool holds_build_file(const char *dir) {
  DIR *d = opendir(dir);
  bool found = false;
  for (struct dirent *e; d && !found && (e = readdir(d));)
    found = an_build_entry(e->d_name);
  if (d)
    closedir(d);
  return found;
}

/* The deepest folder under the root that holds a build file, else the top-level
 * folder, else "." for a file at the root itself. */
static char *program_of(const char *root, const char *rel) {
  const char *slash = strchr(rel, '/');
  if (!slash)
    return cm_xstrdup(".");
  char *best = cm_xstrndup(rel, (size_t)(slash - rel));
  for (const char *s = slash; s; s = strchr(s + 1, '/')) {
    char *dir = cm_xasprintf("%s/%.*s", root, (int)(s - rel), rel);
    if (holds_build_file(dir)) {
      free(best);
      best = cm_xstrndup(rel, (size_t)(s - rel));
    }
    free(dir);
  }
  return best;
}

static RpGroup *group(RpGroups *v, const char *name) {
  for (size_t i = 0; i < v->len; i++)
    if (strcmp(v->items[i].name, name) == 0)
      return &v->items[i];
  RpGroup g = {.name = cm_xstrdup(name)};
  vec_push(v, g);
  return &v->items[v->len - 1];
}

static bool needs_work(const DiagInfo *d) { return d->severity != SEV_NOTE; }

static void add_diagnostic(Report *r, const DiagInfo *d) {
  for (size_t i = 0; i < r->diagnostics.len; i++)
    if (strcmp(r->diagnostics.items[i].code, d->code) == 0)
      return;
  static const char *const per[] = {[EP_USE] = "use", [EP_API] = "api", [EP_FILE] = "file"};
  RpDiagnostic x = {cm_xstrdup(d->code), cm_xstrdup(d->category), rp_utf8(d->title),
                    cm_xstrdup(rl_severity_name(d->severity)), cm_xstrdup(per[d->per]), d->effort_hours};
  vec_push(&r->diagnostics, x);
}

static void add_uses(Report *r, const FilePlan *fp, RpFile *file, RpGroup *prog) {
  for (size_t j = 0; j < fp->uses.len; j++) {
    const PlannedUse *u = &fp->uses.items[j];
    const Fact *f = u->fact;
    RpUse x = {rp_utf8(fp->src->rel), rp_utf8(f->kind == FK_LAUNCH ? "<<<>>>" : f->name), rp_utf8(u->hip),
               cm_xstrdup(u->library), cm_xstrdup(u->kind), cm_xstrdup(pl_status_name(u->status)),
               cm_xstrdup(f->cursor), f->line, f->column, f->disabled, f->in_macro, u->available};
    vec_push(&r->uses, x);
    RpGroup *lib = group(&r->libraries, u->library);
    lib->uses++, prog->uses++;
    lib->mapped += u->available, prog->mapped += u->available, file->mapped += u->available;
  }
}

static void add_findings(Report *r, const FilePlan *fp, RpGroup *prog) {
  for (size_t j = 0; j < fp->findings.len; j++) {
    const Finding *f = &fp->findings.items[j];
    const DiagInfo *d = f->info;
    bool whole_file = f->diag == D_PARSE_FALLBACK || f->diag == D_SKIPPED_FILE;
    RpFinding x = {cm_xstrdup(d->code), cm_xstrdup(d->category), cm_xstrdup(rl_severity_name(d->severity)),
                   rp_utf8(fp->src->rel), rp_utf8(f->subject), rp_utf8(f->message),
                   whole_file ? NULL : line_text(fp->src, f->line), f->line, f->column, f->effort_hours};
    vec_push(&r->findings, x);
    add_diagnostic(r, d);
    RpGroup *cat = group(&r->categories, d->category);
    cat->findings++, prog->findings++;
    cat->effort_hours += f->effort_hours, prog->effort_hours += f->effort_hours;
    if (needs_work(d)) {
      cat->need_work++, prog->need_work++, r->summary.need_work++;
      r->summary.need_work_hours += f->effort_hours;
    }
  }
  r->summary.findings += fp->findings.len;
}

/* How the file was read, as the reports name it. */
static const char *parser_name(const SourceFile *src) {
  return src->skip_reason                 ? "none"
         : src->build != BUILD_NONE       ? "build"
         : src->parser == PARSER_LIBCLANG ? "libclang"
         : src->settled                   ? "tokens"
                                          : "lexical";
}

static void add_files(Report *r, const Plan *p) {
  for (size_t i = 0; i < p->files.len; i++) {
    const FilePlan *fp = &p->files.items[i];
    const SourceFile *src = fp->src;
    char *prog_name = program_of(p->facts->root, src->rel);
    RpFile file = {rp_utf8(src->rel),
                   cm_xstrdup(parser_name(src)),
                   prog_name, fp->uses.len, 0, fp->findings.len, fp->edits.len,
                   src->needs_tree ? cm_xstrdup(src->needs_tree) : NULL};
    RpGroup *prog = group(&r->programs, prog_name);
    prog->files++;
    add_uses(r, fp, &file, prog);
    add_findings(r, fp, prog);
    vec_push(&r->files, file);
    r->summary.lexical_files += src->parser == PARSER_LEXICAL && src->fallback_reason; /* not --lexical's own */
    for (size_t k = 0; k < src->found_includes.len; k++) {
      const FoundInclude *fi = &src->found_includes.items[k];
      bool seen = false;
      for (size_t j = 0; j < r->found_includes.len && !seen; j++)
        seen = strcmp(r->found_includes.items[j].folder, fi->dir) == 0;
      if (!seen) {
        RpFoundInclude x = {rp_utf8(fi->dir), rp_utf8(fi->header), rp_utf8(src->rel)};
        vec_push(&r->found_includes, x);
      }
    }
  }
}

static int by_effort(const void *a, const void *b) {
  const RpGroup *x = a, *y = b;
  if (x->effort_hours != y->effort_hours)
    return x->effort_hours < y->effort_hours ? 1 : -1;
  return strcmp(x->name, y->name);
}

static int by_name(const void *a, const void *b) { return strcmp(((const RpGroup *)a)->name, ((const RpGroup *)b)->name); }

static int by_code(const void *a, const void *b) {
  return strcmp(((const RpDiagnostic *)a)->code, ((const RpDiagnostic *)b)->code);
}

static void add_summary(Report *r, const Plan *p) {
  RpSummary *s = &r->summary;
  s->files_scanned = p->facts->files_scanned, s->cuda_files = p->files.len - p->build_files, s->uses = p->uses;
  s->build_files = p->build_files, s->lexical = p->facts->lexical, s->reused_files = p->facts->reused_files;
  s->settled_files = p->facts->settled_files;
  s->unique_apis = p->unique_apis, s->mapped_uses = p->mapped_uses, s->unmapped_uses = p->unmapped_uses;
  s->effort_hours = p->effort_hours;
  s->target = version_str(p->target), s->target_reason = rp_utf8(p->target_why);
  for (size_t i = 0; i < p->compat.len; i++) {
    RpCompat c = {version_str(p->compat.items[i].release), p->compat.items[i].percent,
                  p->compat.items[i].percent_unique};
    vec_push(&s->compat, c);
  }
  for (size_t i = 0; i < p->top.len && i < 20; i++) {
    const Contributor *c = &p->top.items[i];
    RpContributor x = {rp_utf8(c->name), cm_xstrdup(c->category), c->uses, c->effort_hours};
    vec_push(&s->top, x);
  }
}

static void add_rules(Report *r, const RuleDb *db) {
  r->rules_description = rl_describe(db);
  for (size_t i = 0; i < rl_meta_count(db); i++) {
    const char *key, *value;
    rl_meta_at(db, i, &key, &value);
    RpPair x = {cm_xstrdup(key), rp_utf8(value)};
    vec_push(&r->rules_meta, x);
  }
  for (size_t i = 0; i < rl_user_file_count(db); i++) {
    RpPair x = {rp_utf8(rl_user_file(db, i)), rl_user_file_summary(db, i)};
    vec_push(&r->user_files, x);
  }
}

void rp_build(const Plan *p, const RuleDb *db, const VerifyRecords *verify, Report *r) {
  *r = (Report){.version = cm_xstrdup(HIPPORT_VERSION), .root = rp_utf8(p->facts->root)};
  add_rules(r, db);
  add_summary(r, p);
  add_files(r, p);
  vec_sort(&r->programs, by_name);
  vec_sort(&r->categories, by_effort);
  vec_sort(&r->libraries, by_name);
  vec_sort(&r->diagnostics, by_code);
  for (size_t i = 0; verify && i < verify->len; i++) {
    const VerifyRecord *v = &verify->items[i];
    RpVerify x = {rp_utf8(v->program), rp_utf8(v->dir), cm_xstrdup(v->status), rp_utf8(v->detail), cm_xstrdup(v->at)};
    vec_push(&r->verify, x);
  }
}

static void free_groups(RpGroups *v) {
  for (size_t i = 0; i < v->len; i++)
    free(v->items[i].name);
  vec_free(v);
}

void rp_free(Report *r) {
  free(r->version), free(r->root), free(r->rules_description);
  for (size_t i = 0; i < r->rules_meta.len; i++)
    free(r->rules_meta.items[i].key), free(r->rules_meta.items[i].value);
  for (size_t i = 0; i < r->user_files.len; i++)
    free(r->user_files.items[i].key), free(r->user_files.items[i].value);
  RpSummary *s = &r->summary;
  free(s->target), free(s->target_reason);
  for (size_t i = 0; i < s->compat.len; i++)
    free(s->compat.items[i].release);
  for (size_t i = 0; i < s->top.len; i++)
    free(s->top.items[i].name), free(s->top.items[i].category);
  for (size_t i = 0; i < r->files.len; i++)
    free(r->files.items[i].path), free(r->files.items[i].parser), free(r->files.items[i].program),
        free(r->files.items[i].needs_tree);
  for (size_t i = 0; i < r->uses.len; i++) {
    RpUse *u = &r->uses.items[i];
    free(u->file), free(u->cuda), free(u->hip), free(u->library), free(u->kind), free(u->status), free(u->cursor);
  }
  for (size_t i = 0; i < r->findings.len; i++) {
    RpFinding *f = &r->findings.items[i];
    free(f->code), free(f->category), free(f->severity), free(f->file), free(f->subject), free(f->message);
    free(f->source_line);
  }
  for (size_t i = 0; i < r->diagnostics.len; i++) {
    RpDiagnostic *d = &r->diagnostics.items[i];
    free(d->code), free(d->category), free(d->title), free(d->severity), free(d->per);
  }
  for (size_t i = 0; i < r->found_includes.len; i++) {
    RpFoundInclude *f = &r->found_includes.items[i];
    free(f->folder), free(f->header), free(f->first_needed_by);
  }
  for (size_t i = 0; i < r->verify.len; i++) {
    RpVerify *v = &r->verify.items[i];
    free(v->program), free(v->dir), free(v->status), free(v->detail), free(v->at);
  }
  vec_free(&r->rules_meta), vec_free(&r->user_files), vec_free(&s->compat), vec_free(&s->top);
  vec_free(&r->files), vec_free(&r->uses), vec_free(&r->findings), vec_free(&r->diagnostics);
  vec_free(&r->found_includes), vec_free(&r->verify);
  free_groups(&r->programs), free_groups(&r->categories), free_groups(&r->libraries);
  *r = (Report){0};
}
