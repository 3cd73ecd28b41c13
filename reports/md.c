/* GitHub-flavoured Markdown for a pull request or a wiki: the HTML report's
 * sections, with tables where the page has charts. Every string from the
 * scanned tree is escaped for a table cell, or fenced in a code block. */
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

static void cell(FILE *out, const char *s) {
  Buf b = {0};
  rp_md_escape(&b, s ? s : "");
  fprintf(out, " %s |", buf_cstr(&b));
  buf_free(&b);
}

static void summary(FILE *out, const Report *r) {
  const RpSummary *s = &r->summary;
  Buf root = {0};
  rp_md_escape(&root, r->root);
  fprintf(out, "# hipport scan of %s\n\n", buf_cstr(&root));
  buf_free(&root);
  fprintf(out, "| | |\n|---|---:|\n");
  fprintf(out, "| files scanned | %zu |\n| CUDA files | %zu |\n| CUDA files unchanged (an earlier run's facts) | %zu |\n"
               "| CUDA uses | %zu |\n",
          s->files_scanned, s->cuda_files, s->reused_files, s->uses);
  fprintf(out, "| uses mapped in %s | %zu (%.1f%%) |\n", s->target, s->mapped_uses, rp_percent(s->mapped_uses, s->uses));
  fprintf(out, "| findings that need work | %zu (%.1f hours) |\n| effort estimate | %.1f hours |\n", s->need_work,
          s->need_work_hours, s->effort_hours);
  fprintf(out, "| target ROCm |");
  char *target = cm_xasprintf("%s (%s)", s->target, s->target_reason);
  cell(out, target);
  free(target);
  fputs("\n\n", out);
}

static void releases(FILE *out, const Report *r) {
  fputs("## Compatibility by ROCm release\n\n| release | uses available | unique APIs available |\n|---|---:|---:|\n", out);
  for (size_t i = 0; i < r->summary.compat.len; i++) {
    const RpCompat *c = &r->summary.compat.items[i];
    bool target = strcmp(c->release, r->summary.target) == 0;
    fprintf(out, "| %s%s%s | %.1f%% | %.1f%% |\n", target ? "**" : "", c->release, target ? " (target)**" : "",
            c->percent, c->percent_unique);
  }
  fputc('\n', out);
}

/* Programs have uses and findings, categories findings, libraries uses. */
static void groups(FILE *out, const char *title, const RpGroups *g, bool uses, bool findings) {
  fprintf(out, "## %s\n\n", title);
  if (uses && !findings)
    fputs("| library | uses | mapped | unmapped | mapped % |\n|---|---:|---:|---:|---:|\n", out);
  else if (uses)
    fputs("| name | files | uses | mapped | unmapped | mapped % | findings | need work | hours |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n", out);
  else
    fputs("| category | findings | need work | hours |\n|---|---:|---:|---:|\n", out);
  for (size_t i = 0; i < g->len; i++) {
    const RpGroup *x = &g->items[i];
    fputs("|", out);
    cell(out, x->name);
    if (uses && !findings)
      fprintf(out, " %zu | %zu | %zu | %.1f%% |\n", x->uses, x->mapped, x->uses - x->mapped, rp_percent(x->mapped, x->uses));
    else if (uses)
      fprintf(out, " %zu | %zu | %zu | %zu | %.1f%% | %zu | %zu | %.1f |\n", x->files, x->uses, x->mapped,
              x->uses - x->mapped, rp_percent(x->mapped, x->uses), x->findings, x->need_work, x->effort_hours);
    else
      fprintf(out, " %zu | %zu | %.1f |\n", x->findings, x->need_work, x->effort_hours);
  }
  fputc('\n', out);
}

static void files(FILE *out, const Report *r) {
  fputs("## Files\n\n| file | program | parser | uses | mapped | findings |\n|---|---|---|---:|---:|---:|\n", out);
  for (size_t i = 0; i < r->files.len; i++) {
    const RpFile *f = &r->files.items[i];
    fputs("|", out);
    cell(out, f->path), cell(out, f->program), cell(out, f->parser);
    fprintf(out, " %zu | %zu | %zu |\n", f->uses, f->mapped, f->findings);
  }
  fputc('\n', out);
}

static void unmapped(FILE *out, const Report *r) {
  RpUnmappedList l;
  rp_unmapped(r, &l);
  fputs("## APIs not available in the target\n\n", out);
  if (!l.len)
    fputs("None: every CUDA use has its HIP counterpart in the target release.\n", out);
  else
    fputs("| CUDA | status | library | uses | where |\n|---|---|---|---:|---|\n", out);
  for (size_t i = 0; i < l.len; i++) {
    fputs("|", out);
    cell(out, l.items[i].cuda), cell(out, l.items[i].status), cell(out, l.items[i].library);
    fprintf(out, " %zu |", l.items[i].where.len);
    Buf where = {0};
    for (size_t k = 0; k < l.items[i].where.len; k++)
      buf_printf(&where, "%s%s:%u", k ? ", " : "", l.items[i].where.items[k]->file, l.items[i].where.items[k]->line);
    cell(out, buf_cstr(&where));
    buf_free(&where);
    fputc('\n', out);
  }
  fputc('\n', out);
  rp_unmapped_free(&l);
}

/* A fence longer than any run of backticks in the excerpt. */
static void excerpt(FILE *out, const char *line) {
  size_t run = 0, longest = 0;
  for (const char *p = line; *p; p++)
    longest = (run = *p == '`' ? run + 1 : 0) > longest ? run : longest;
  char fence[64];
  size_t n = longest < 3 ? 3 : longest + 1 < sizeof fence ? longest + 1 : sizeof fence - 1;
  memset(fence, '`', n), fence[n] = '\0';
  fprintf(out, "\n  %scpp\n  %s\n  %s\n", fence, line, fence);
}

static void findings(FILE *out, const Report *r) {
  fputs("## Findings by category\n", out);
  for (size_t c = 0; c < r->categories.len; c++) {
    const RpGroup *g = &r->categories.items[c];
    Buf name = {0};
    rp_md_escape(&name, g->name);
    fprintf(out, "\n### %s (%zu, %.1f hours)\n\n", buf_cstr(&name), g->findings, g->effort_hours);
    buf_free(&name);
    for (size_t i = 0; i < r->findings.len; i++) {
      const RpFinding *f = &r->findings.items[i];
      if (strcmp(f->category, g->name) != 0)
        continue;
      Buf code = {0}, where = {0}, msg = {0};
      rp_md_escape(&code, f->code), rp_md_escape(&where, f->file), rp_md_escape(&msg, f->message);
      fprintf(out, "- **%s** %s %s:%u:%u: %s\n", buf_cstr(&code), f->severity, buf_cstr(&where), f->line, f->column,
              buf_cstr(&msg));
      buf_free(&code);
      if (f->source_line)
        excerpt(out, f->source_line);
      buf_free(&where), buf_free(&msg);
    }
  }
}

static Status write_md(FILE *out, const Report *r, const RpOptions *opt) {
  summary(out, r);
  releases(out, r);
  groups(out, "Effort by category", &r->categories, false, true);
  groups(out, "Libraries", &r->libraries, true, false);
  groups(out, "Programs", &r->programs, true, true);
  files(out, r);
  unmapped(out, r);
  findings(out, r);
  Buf rules = {0};
  rp_md_escape(&rules, r->rules_description);
  fprintf(out, "\n---\nhipport %s; rules: %s\n", r->version, buf_cstr(&rules));
  buf_free(&rules);
  return ferror(out) ? cm_fail(ST_ENV, "writing the Markdown report failed") : ST_OK;
}

const Reporter rp_md = {.name = "md", .write = write_md};
