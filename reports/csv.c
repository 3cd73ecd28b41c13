/* CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote
 * or a line break) for spreadsheets: one table per file, picked by
 * --csv-table. Uses by default; findings, files (with their program) or
 * releases (compatibility % per ROCm release). */
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

/* Every field starts with a comma, and the row drops the first. */
static void row(FILE *out, Buf *b) {
  buf_puts(b, "\r\n");
  fputs(buf_cstr(b) + 1, out);
  b->len = 0;
}

static void field(Buf *b, const char *s) {
  buf_puts(b, ",");
  rp_csv_field(b, s ? s : "");
}

static void number(Buf *b, const char *fmt, double v) {
  char s[64];
  snprintf(s, sizeof s, fmt, v);
  field(b, s);
}

static void header(FILE *out, Buf *b, const char *const *names) {
  for (; *names; names++)
    field(b, *names);
  row(out, b);
}

static void uses_table(FILE *out, const Report *r, Buf *b) {
  header(out, b, (const char *const[]){"file", "line", "column", "cuda", "hip", "library", "kind", "status", NULL});
  for (size_t i = 0; i < r->uses.len; i++) {
    const RpUse *u = &r->uses.items[i];
    field(b, u->file), number(b, "%.0f", u->line), number(b, "%.0f", u->column), field(b, u->cuda), field(b, u->hip);
    field(b, u->library), field(b, u->kind), field(b, u->status);
    row(out, b);
  }
}

static void findings_table(FILE *out, const Report *r, Buf *b) {
  header(out, b, (const char *const[]){"file", "line", "column", "code", "category", "severity", "subject", "message",
                                       "effort_hours", NULL});
  for (size_t i = 0; i < r->findings.len; i++) {
    const RpFinding *f = &r->findings.items[i];
    field(b, f->file), number(b, "%.0f", f->line), number(b, "%.0f", f->column), field(b, f->code);
    field(b, f->category), field(b, f->severity), field(b, f->subject), field(b, f->message);
    number(b, "%g", f->effort_hours);
    row(out, b);
  }
}

static void files_table(FILE *out, const Report *r, Buf *b) {
  header(out, b, (const char *const[]){"path", "program", "parser", "uses", "mapped", "findings", "edits", NULL});
  for (size_t i = 0; i < r->files.len; i++) {
    const RpFile *f = &r->files.items[i];
    field(b, f->path), field(b, f->program), field(b, f->parser), number(b, "%.0f", (double)f->uses);
    number(b, "%.0f", (double)f->mapped), number(b, "%.0f", (double)f->findings), number(b, "%.0f", (double)f->edits);
    row(out, b);
  }
}

static void releases_table(FILE *out, const Report *r, Buf *b) {
  header(out, b, (const char *const[]){"release", "percent", "percent_unique", "target", NULL});
  for (size_t i = 0; i < r->summary.compat.len; i++) {
    const RpCompat *c = &r->summary.compat.items[i];
    field(b, c->release), number(b, "%.6g", c->percent), number(b, "%.6g", c->percent_unique);
    field(b, strcmp(c->release, r->summary.target) == 0 ? "yes" : "no");
    row(out, b);
  }
}

static const struct {
  const char *name;
  void (*write)(FILE *out, const Report *r, Buf *b);
} tables[] = {{"uses", uses_table}, {"findings", findings_table}, {"files", files_table}, {"releases", releases_table}};

bool rp_csv_table_known(const char *name) {
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    if (strcmp(tables[i].name, name) == 0)
      return true;
  return false;
}

static Status write_csv(FILE *out, const Report *r, const RpOptions *opt) {
  const char *want = opt->csv_table ? opt->csv_table : "uses";
  Buf b = {0};
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    if (strcmp(tables[i].name, want) == 0)
      tables[i].write(out, r, &b);
  buf_free(&b);
  return ferror(out) ? cm_fail(ST_ENV, "writing the CSV report failed") : ST_OK;
}

const Reporter rp_csv = {.name = "csv", .write = write_csv};
