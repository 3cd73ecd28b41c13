/* The terminal summary: what a person reads in ten seconds, then the findings
 * the way compilers print them (file:line:col: severity: message [code]) with the
 * source line and a caret. */
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

static void print_source_line(FILE *out, const SourceFile *src, unsigned line, unsigned column) {
  if (line == 0 || line > src->line_starts.len)
    return;
  unsigned b = src->line_starts.items[line - 1], e = b;
  while (e < src->len && src->text[e] != '\n' && src->text[e] != '\r')
    e++;
  fprintf(out, "  %.*s\n  ", (int)(e - b), src->text + b);
  for (unsigned i = 1; i < column && b + i - 1 < e; i++)
    fputc(src->text[b + i - 1] == '\t' ? '\t' : ' ', out);
  fputs("^\n", out);
}

void rp_print_findings(FILE *out, const Plan *p, Severity worst_shown) {
  for (size_t i = 0; i < p->files.len; i++) {
    const FilePlan *fp = &p->files.items[i];
    for (size_t j = 0; j < fp->findings.len; j++) {
      const Finding *f = &fp->findings.items[j];
      const DiagInfo *d = f->info;
      if (d->severity > worst_shown)
        continue;
      fprintf(out, "%s:%u:%u: %s: %s [%s %s]\n", fp->src->rel, f->line, f->column, rl_severity_name(d->severity),
              f->message, d->code, d->category);
      if (f->diag != D_PARSE_FALLBACK && f->diag != D_SKIPPED_FILE)
        print_source_line(out, fp->src, f->line, f->column);
    }
  }
}

static size_t count_lexical(const Plan *p) {
  size_t n = 0;
  for (size_t i = 0; i < p->files.len; i++)
    n += p->files.items[i].src->parser == PARSER_LEXICAL;
  return n;
}

static void print_compat(FILE *out, const Plan *p) {
  fputs("compatibility by ROCm release (uses available):", out);
  size_t from = p->compat.len > 6 ? p->compat.len - 6 : 0;  /* the recent ones fit a line */
  for (size_t i = 0; i < p->compat.len; i++) {
    if (i < from && p->compat.items[i].release != p->target)
      continue; /* older releases are in the JSON report; the target is always shown */
    char v[16];
    rl_version_format(p->compat.items[i].release, v, sizeof v);
    fprintf(out, " %s %.0f%%", v, p->compat.items[i].percent);
  }
  fputc('\n', out);
}

/* Folders the parser needed for includes that the scanned tree lacks: their
 * headers are the project's, and porting them is part of the port. Each once. */
static void print_found_includes(FILE *out, const Plan *p) {
  VEC(const FoundInclude *) shown = {0};
  for (size_t i = 0; i < p->files.len; i++) {
    const SourceFile *src = p->files.items[i].src;
    for (size_t k = 0; k < src->found_includes.len; k++) {
      const FoundInclude *fi = &src->found_includes.items[k];
      bool seen = false;
      for (size_t j = 0; j < shown.len && !seen; j++)
        seen = strcmp(shown.items[j]->dir, fi->dir) == 0;
      if (seen)
        continue;
      if (!shown.len)
        fputs("  include folders found outside the scan (scan and port them too):\n", out);
      vec_push(&shown, fi);
      fprintf(out, "    %s (for %s)\n", fi->dir, fi->header);
    }
  }
  vec_free(&shown);
}

static void print_verify(FILE *out, const VerifyRecords *v) {
  if (!v || !v->len)
    return;
  fputs("  verify (newest run of each program here):\n", out);
  for (size_t i = 0; i < v->len; i++)
    fprintf(out, "    %-16s %-22s %s  %s\n", v->items[i].status, v->items[i].program, v->items[i].at,
            v->items[i].detail);
}

/* Where the rules came from: the database's data, and each user rule file. */
static void print_rules(FILE *out, const RuleDb *db) {
  char *data = rl_describe(db);
  fprintf(out, "  rules            %s\n", data);
  free(data);
  for (size_t i = 0; i < rl_user_file_count(db); i++) {
    char *u = rl_user_file_summary(db, i);
    fprintf(out, "  user rules       %s\n", u);
    free(u);
  }
}

static Status write_text(FILE *out, const Plan *p, const RuleDb *db, const VerifyRecords *verify) {
  char target[16];
  rl_version_format(p->target, target, sizeof target);
  rp_print_findings(out, p, SEV_WARNING);
  fprintf(out, "\nhipport scan of %s (target ROCm %s, %s)\n", p->facts->root, target, p->target_why);
  fprintf(out, "  files scanned    %zu, CUDA files %zu", p->facts->files_scanned, p->files.len - p->build_files);
  if (p->facts->lexical)
    fputs(" (all read by tokens only: a lexical scan)", out);
  else
    fprintf(out, " (%zu read lexically)", count_lexical(p));
  if (p->build_files)
    fprintf(out, ", build files %zu", p->build_files);
  fputc('\n', out);
  fprintf(out, "  CUDA uses        %zu (%zu unique APIs)\n", p->uses, p->unique_apis);
  fprintf(out, "  mapped in %-6s %zu of %zu uses (%.1f%%), %zu need work\n", target, p->mapped_uses, p->uses,
          p->uses ? 100.0 * (double)p->mapped_uses / (double)p->uses : 100.0, p->unmapped_uses);
  fprintf(out, "  effort estimate  %.1f hours\n  ", p->effort_hours);
  print_compat(out, p);
  if (p->top.len)
    fputs("  top contributors:\n", out);
  for (size_t i = 0; i < p->top.len && i < 10 && p->top.items[i].effort_hours > 0; i++)
    fprintf(out, "    %6.1f h  %-20s %s (%zu)\n", p->top.items[i].effort_hours, p->top.items[i].category,
            p->top.items[i].name, p->top.items[i].uses);
  print_found_includes(out, p);
  print_rules(out, db);
  print_verify(out, verify);
  return ferror(out) ? cm_fail(ST_ENV, "writing the report failed") : ST_OK;
}

const Reporter rp_text = {.name = "text", .write = write_text};
