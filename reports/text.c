/* The terminal report: the findings the way compilers print them (file:line:col:
 * severity: message [code]) with the source line and a caret, paths relative to
 * the current folder so an editor can jump to them; then the summary a person
 * reads in ten seconds. Colours as clang's when asked for. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reports_p.h"

#define BOLD "\033[1m"
#define RESET "\033[0m"

static const char *severity_colour(const char *sev) {
  return strcmp(sev, "error") == 0 ? "\033[1;31m" : strcmp(sev, "warning") == 0 ? "\033[1;35m" : "\033[1;30m";
}

/* The way from the current folder to `root`: "" when they are one, else a
 * folder path ending in '/' ("../lib/", "corpus/"). */
static char *prefix_from_cwd(const char *root) {
  char here[PATH_MAX], cwd[PATH_MAX];
  if (!getcwd(here, sizeof here) || !realpath(here, cwd))
    return cm_xasprintf("%s/", root);
  size_t common = 0;
  for (size_t i = 0;; i++) { /* the longest shared run of whole folders */
    bool end_c = !cwd[i] || cwd[i] == '/', end_r = !root[i] || root[i] == '/';
    if (end_c && end_r)
      common = i;
    if (!cwd[i] || !root[i] || cwd[i] != root[i])
      break;
  }
  Buf b = {0};
  for (const char *p = cwd + common; *p; p++)
    if (*p == '/' && p[1]) /* a folder below the shared part ("/" itself has none) */
      buf_puts(&b, "../");
  if (root[common] == '/')
    buf_printf(&b, "%s/", root + common + 1);
  char *out = cm_xstrdup(b.len ? buf_cstr(&b) : "");
  buf_free(&b);
  return out;
}

static void print_source_line(FILE *out, const char *line, unsigned column, bool color) {
  fprintf(out, "  %s\n  ", line);
  for (unsigned i = 1; i < column && line[i - 1]; i++)
    fputc(line[i - 1] == '\t' ? '\t' : ' ', out);
  fprintf(out, "%s^%s\n", color ? "\033[1;32m" : "", color ? RESET : "");
}

void rp_print_findings(FILE *out, const Report *r, Severity worst_shown, bool color) {
  char *prefix = prefix_from_cwd(r->root);
  for (size_t i = 0; i < r->findings.len; i++) {
    const RpFinding *f = &r->findings.items[i];
    if (rp_severity_rank(f->severity) > worst_shown)
      continue;
    fprintf(out, "%s%s%s:%u:%u: %s%s:%s %s%s%s [%s %s]\n", color ? BOLD : "", prefix, f->file, f->line, f->column,
            color ? severity_colour(f->severity) : "", f->severity, color ? RESET : "", color ? BOLD : "", f->message,
            color ? RESET : "", f->code, f->category);
    if (f->source_line)
      print_source_line(out, f->source_line, f->column, color);
  }
  free(prefix);
}

static void print_compat(FILE *out, const RpSummary *s) {
  fputs("  compatibility by ROCm release (uses available):", out);
  size_t from = s->compat.len > 6 ? s->compat.len - 6 : 0; /* the recent ones fit a line */
  for (size_t i = 0; i < s->compat.len; i++) {
    if (i < from && strcmp(s->compat.items[i].release, s->target) != 0)
      continue; /* older releases are in the JSON report; the target is always shown */
    fprintf(out, " %s %.0f%%", s->compat.items[i].release, s->compat.items[i].percent);
  }
  fputc('\n', out);
}

/* Folders the parser needed for includes that the scanned tree lacks: their
 * headers are the project's, and porting them is part of the port. */
static void print_found_includes(FILE *out, const Report *r) {
  if (r->found_includes.len)
    fputs("  include folders found outside the scan (scan and port them too):\n", out);
  for (size_t i = 0; i < r->found_includes.len; i++)
    fprintf(out, "    %s (for %s)\n", r->found_includes.items[i].folder, r->found_includes.items[i].header);
}

static void print_verify(FILE *out, const Report *r) {
  if (r->verify.len)
    fputs("  verify (newest run of each program here):\n", out);
  for (size_t i = 0; i < r->verify.len; i++) {
    const RpVerify *v = &r->verify.items[i];
    fprintf(out, "    %-16s %-22s %s  %s\n", v->status, v->program, v->at, v->detail);
  }
}

static void print_rules(FILE *out, const Report *r) {
  fprintf(out, "  rules            %s\n", r->rules_description);
  for (size_t i = 0; i < r->user_files.len; i++)
    fprintf(out, "  user rules       %s\n", r->user_files.items[i].value);
}

/* A program per row, once there are two: one program is the summary itself. */
static void print_programs(FILE *out, const Report *r) {
  if (r->programs.len < 2)
    return;
  fputs("  by program:\n", out);
  fprintf(out, "    %-35s %5s %6s %8s %9s %8s\n", "", "files", "uses", "mapped", "need work", "hours");
  for (size_t i = 0; i < r->programs.len; i++) {
    const RpGroup *g = &r->programs.items[i];
    fprintf(out, "    %-35s %5zu %6zu %7.1f%% %9zu %8.1f\n", g->name, g->files, g->uses, rp_percent(g->mapped, g->uses),
            g->need_work, g->effort_hours);
  }
}

static void print_categories(FILE *out, const Report *r) {
  if (r->categories.len)
    fputs("  effort by category:\n", out);
  for (size_t i = 0; i < r->categories.len; i++) {
    const RpGroup *g = &r->categories.items[i];
    fprintf(out, "    %6.1f h  %-20s %zu finding%s\n", g->effort_hours, g->name, g->findings, g->findings == 1 ? "" : "s");
  }
}

static Status write_text(FILE *out, const Report *r, const RpOptions *opt) {
  const RpSummary *s = &r->summary;
  rp_print_findings(out, r, opt->errors_only ? SEV_ERROR : SEV_WARNING, opt->color);
  fprintf(out, "\nhipport scan of %s (target ROCm %s, %s)\n", r->root, s->target, s->target_reason);
  fprintf(out, "  files scanned    %zu, CUDA files %zu", s->files_scanned, s->cuda_files);
  if (s->lexical)
    fputs(" (all read by tokens only: a lexical scan)", out);
  else
    fprintf(out, " (%zu read lexically)", s->lexical_files);
  if (s->build_files)
    fprintf(out, ", build files %zu", s->build_files);
  if (s->reused_files)
    fprintf(out, "; %zu unchanged, %s an earlier run's", s->reused_files,
            s->reused_files == 1 ? "its facts" : "their facts");
  if (s->settled_files)
    fprintf(out, "; %zu read from %s tokens alone, not parsed (--parse-all parses every file)", s->settled_files,
            s->settled_files == 1 ? "its" : "their");
  fputc('\n', out);
  fprintf(out, "  CUDA uses        %zu (%zu unique APIs)\n", s->uses, s->unique_apis);
  fprintf(out, "  mapped in %-6s %zu of %zu uses (%.1f%%), %zu need work; %zu %s work (%.1f hours)\n",
          s->target, s->mapped_uses, s->uses, rp_percent(s->mapped_uses, s->uses), s->unmapped_uses, s->need_work,
          s->need_work == 1 ? "finding needs" : "findings need", s->need_work_hours);
  fprintf(out, "  effort estimate  %.1f hours\n", s->effort_hours);
  print_compat(out, s);
  if (s->top.len)
    fputs("  top contributors:\n", out);
  for (size_t i = 0; i < s->top.len && i < 10 && s->top.items[i].effort_hours > 0; i++)
    fprintf(out, "    %6.1f h  %-20s %s (%zu)\n", s->top.items[i].effort_hours, s->top.items[i].category,
            s->top.items[i].name, s->top.items[i].count);
  print_categories(out, r);
  print_programs(out, r);
  print_found_includes(out, r);
  print_rules(out, r);
  print_verify(out, r);
  return ferror(out) ? cm_fail(ST_ENV, "writing the report failed") : ST_OK;
}

const Reporter rp_text = {.name = "text", .write = write_text};
