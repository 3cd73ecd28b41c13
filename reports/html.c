/* One self-contained HTML page for a migration lead: summary cards, a bar chart
 * of compatibility per ROCm release (the target marked), effort by category,
 * tables per library, program and file (sortable by a click on a heading),
 * the APIs the target lacks with where each is used, and the findings by
 * category with their lines. Charts are inline SVG drawn here from the numbers;
 * nothing is fetched (a Content-Security-Policy forbids it), and every string
 * from the scanned tree goes through rp_html_escape. Numbers a test compares
 * with the JSON report carry data-key / data-value attributes. */
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

static void esc(FILE *out, const char *s) {
  Buf b = {0};
  rp_html_escape(&b, s ? s : "");
  fputs(buf_cstr(&b), out);
  buf_free(&b);
}

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #ddd}"
    ".cards{display:flex;flex-wrap:wrap;gap:.8em}.card{border:1px solid #ddd;border-radius:6px;padding:.6em 1em;"
    "min-width:9em}.card .n{display:block;font-size:1.6em;font-weight:600}.card .l{color:#666}"
    "table{border-collapse:collapse;width:100%}th,td{padding:.25em .6em;border-bottom:1px solid #eee;text-align:left}"
    "td.num,th.num{text-align:right}th{cursor:pointer;background:#f6f6f6}th[aria-sort]::after{content:' \\2195'}"
    "svg text{font-size:11px;fill:#444}.bar{fill:#4a7bd0}.bar.target{fill:#d0624a}.cat{fill:#7a5cc0}"
    "pre{background:#f6f6f6;padding:.4em;overflow:auto;margin:.2em 0 .8em}.sev-error{color:#b00}"
    ".sev-warning{color:#a60}.sev-note{color:#666}details{margin:.4em 0}summary{cursor:pointer;font-weight:600}";

/* Sorts a table by the clicked column: numbers by data-value, text by its text. */
static const char script[] =
    "window.addEventListener('error',function(e){document.body.setAttribute('data-script-error',String(e.message))});"
    "document.querySelectorAll('table.sortable').forEach(function(t){t.querySelectorAll('th').forEach(function(th,col){"
    "th.setAttribute('aria-sort','none');th.addEventListener('click',function(){var tb=t.tBodies[0];"
    "var up=th.getAttribute('aria-sort')!=='ascending';var rows=Array.prototype.slice.call(tb.rows);"
    "rows.sort(function(a,b){var x=a.cells[col],y=b.cells[col];var p=x.getAttribute('data-value'),"
    "q=y.getAttribute('data-value');var d=p!==null&&q!==null?parseFloat(p)-parseFloat(q):"
    "x.textContent.localeCompare(y.textContent);return up?d:-d;});rows.forEach(function(r){tb.appendChild(r)});"
    "t.querySelectorAll('th').forEach(function(h){h.setAttribute('aria-sort','none')});"
    "th.setAttribute('aria-sort',up?'ascending':'descending');});});});"
    "document.body.setAttribute('data-ready','1');";

static void card(FILE *out, const char *key, const char *value, const char *label) {
  fprintf(out, "<div class=\"card\"><span class=\"n\" data-key=\"%s\">", key);
  esc(out, value);
  fputs("</span><span class=\"l\">", out);
  esc(out, label);
  fputs("</span></div>\n", out);
}

static void cards(FILE *out, const Report *r) {
  const RpSummary *s = &r->summary;
  char v[64];
  fputs("<div class=\"cards\">\n", out);
  snprintf(v, sizeof v, "%zu", s->files_scanned), card(out, "files_scanned", v, "files scanned");
  snprintf(v, sizeof v, "%zu", s->cuda_files), card(out, "cuda_files", v, "CUDA files");
  snprintf(v, sizeof v, "%zu", s->reused_files), card(out, "reused_files", v, "unchanged since an earlier run");
  snprintf(v, sizeof v, "%zu", s->uses), card(out, "uses", v, "CUDA uses");
  snprintf(v, sizeof v, "%zu", s->mapped_uses), card(out, "mapped_uses", v, "uses mapped");
  snprintf(v, sizeof v, "%.1f%%", rp_percent(s->mapped_uses, s->uses)), card(out, "mapped_percent", v, "mapped");
  snprintf(v, sizeof v, "%zu", s->need_work), card(out, "findings_need_work", v, "findings that need work");
  snprintf(v, sizeof v, "%.1f", s->effort_hours), card(out, "effort_hours", v, "effort hours");
  char *why = cm_xasprintf("target ROCm (%s)", s->target_reason);
  card(out, "target_rocm", s->target, why);
  free(why);
  fputs("</div>\n", out);
}

/* Vertical bars, one per release, 0 to 100 %. */
static void compat_chart(FILE *out, const Report *r) {
  const RpSummary *s = &r->summary;
  enum { BAR = 18, TOP = 20, H = 160, LEFT = 34 };
  size_t w = LEFT + s->compat.len * BAR + 10;
  fprintf(out, "<h2>Compatibility by ROCm release</h2>\n<svg id=\"compat-chart\" role=\"img\" viewBox=\"0 0 %zu %d\" "
               "width=\"100%%\" aria-label=\"uses available per ROCm release\">\n", w + 30, TOP + H + 70);
  for (int pct = 0; pct <= 100; pct += 50)
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d%%</text><line x1=\"%d\" x2=\"%zu\" y1=\"%d\" y2=\"%d\" "
                 "stroke=\"#ddd\"/>\n", LEFT - 4, TOP + H - pct * H / 100 + 4, pct, LEFT, w, TOP + H - pct * H / 100,
            TOP + H - pct * H / 100);
  for (size_t i = 0; i < s->compat.len; i++) {
    const RpCompat *c = &s->compat.items[i];
    bool target = strcmp(c->release, s->target) == 0;
    double h = c->percent * H / 100.0;
    size_t x = LEFT + i * BAR + 2;
    fprintf(out, "<rect class=\"bar%s\" data-release=\"%s\" data-value=\"%.6g\" x=\"%zu\" y=\"%.1f\" width=\"%d\" "
                 "height=\"%.1f\"><title>ROCm %s: %.1f%% of uses available%s</title></rect>\n",
            target ? " target" : "", c->release, c->percent, x, TOP + H - h, BAR - 4, h, c->release, c->percent,
            target ? " (target)" : "");
    fprintf(out, "<text transform=\"translate(%zu %d) rotate(60)\">%s%s</text>\n", x + 4, TOP + H + 6, c->release,
            target ? " target" : "");
  }
  fputs("</svg>\n", out);
}

/* Horizontal bars, one per category, scaled to the largest. */
static void effort_chart(FILE *out, const Report *r) {
  const RpGroups *g = &r->categories;
  double most = 0;
  for (size_t i = 0; i < g->len; i++)
    most = g->items[i].effort_hours > most ? g->items[i].effort_hours : most;
  enum { ROW = 22, LEFT = 170, W = 520 };
  fprintf(out, "<h2>Effort by category</h2>\n<svg id=\"effort-chart\" role=\"img\" viewBox=\"0 0 %d %zu\" width=\"100%%\" "
               "aria-label=\"effort hours per category\">\n", LEFT + W + 80, g->len * ROW + 10);
  for (size_t i = 0; i < g->len; i++) {
    const RpGroup *x = &g->items[i];
    double w = most > 0 ? x->effort_hours * W / most : 0;
    fprintf(out, "<text x=\"%d\" y=\"%zu\" text-anchor=\"end\">", LEFT - 6, i * ROW + 19);
    esc(out, x->name);
    fprintf(out, "</text><rect class=\"bar cat\" data-category=\"");
    esc(out, x->name);
    fprintf(out, "\" data-value=\"%.6g\" x=\"%d\" y=\"%zu\" width=\"%.1f\" height=\"%d\"><title>%.1f hours, %zu "
                 "findings</title></rect><text x=\"%.1f\" y=\"%zu\">%.1f h</text>\n",
            x->effort_hours, LEFT, i * ROW + 6, w < 1 ? 1 : w, ROW - 6, x->effort_hours, x->findings, LEFT + w + 6,
            i * ROW + 19, x->effort_hours);
  }
  fputs("</svg>\n", out);
}

static void num_cell(FILE *out, const char *fmt, double v) {
  fprintf(out, "<td class=\"num\" data-value=\"%.6g\">", v);
  fprintf(out, fmt, v);
  fputs("</td>", out);
}

static void text_cell(FILE *out, const char *s) {
  fputs("<td>", out);
  esc(out, s);
  fputs("</td>", out);
}

static void table_head(FILE *out, const char *id, const char *const *cols) {
  fprintf(out, "<table class=\"sortable\" id=\"%s\"><thead><tr>", id);
  for (; *cols; cols++)
    fprintf(out, "<th%s>%s</th>", (*cols)[0] == '#' ? " class=\"num\"" : "", *cols + ((*cols)[0] == '#'));
  fputs("</tr></thead><tbody>\n", out);
}

/* Libraries have uses only; programs have files, uses and findings. */
static void groups_table(FILE *out, const char *title, const char *id, const RpGroups *g, bool findings) {
  fprintf(out, "<h2>%s</h2>\n", title);
  if (findings)
    table_head(out, id, (const char *const[]){"name", "#files", "#uses", "#mapped", "#unmapped", "#mapped %",
                                              "#findings", "#need work", "#hours", NULL});
  else
    table_head(out, id, (const char *const[]){"library", "#uses", "#mapped", "#unmapped", "#mapped %", NULL});
  for (size_t i = 0; i < g->len; i++) {
    const RpGroup *x = &g->items[i];
    fputs("<tr>", out);
    text_cell(out, x->name);
    if (findings)
      num_cell(out, "%.0f", (double)x->files);
    num_cell(out, "%.0f", (double)x->uses);
    num_cell(out, "%.0f", (double)x->mapped), num_cell(out, "%.0f", (double)(x->uses - x->mapped));
    num_cell(out, "%.1f", rp_percent(x->mapped, x->uses));
    if (findings) {
      num_cell(out, "%.0f", (double)x->findings), num_cell(out, "%.0f", (double)x->need_work);
      num_cell(out, "%.1f", x->effort_hours);
    }
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table>\n", out);
}

static void files_table(FILE *out, const Report *r) {
  fputs("<h2>Files</h2>\n", out);
  table_head(out, "files", (const char *const[]){"file", "program", "parser", "#uses", "#mapped", "#findings", NULL});
  for (size_t i = 0; i < r->files.len; i++) {
    const RpFile *f = &r->files.items[i];
    fputs("<tr>", out);
    text_cell(out, f->path), text_cell(out, f->program), text_cell(out, f->parser);
    num_cell(out, "%.0f", (double)f->uses), num_cell(out, "%.0f", (double)f->mapped);
    num_cell(out, "%.0f", (double)f->findings);
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table>\n", out);
}

static void unmapped(FILE *out, const Report *r) {
  RpUnmappedList l;
  rp_unmapped(r, &l);
  fputs("<h2>APIs not available in the target</h2>\n", out);
  if (!l.len)
    fputs("<p>None: every CUDA use has its HIP counterpart in the target release.</p>\n", out);
  else
    table_head(out, "unmapped", (const char *const[]){"CUDA", "status", "library", "#uses", "where", NULL});
  for (size_t i = 0; i < l.len; i++) {
    fputs("<tr>", out);
    text_cell(out, l.items[i].cuda), text_cell(out, l.items[i].status), text_cell(out, l.items[i].library);
    num_cell(out, "%.0f", (double)l.items[i].where.len);
    fputs("<td>", out);
    for (size_t k = 0; k < l.items[i].where.len; k++) {
      fputs(k ? ", " : "", out);
      esc(out, l.items[i].where.items[k]->file);
      fprintf(out, ":%u", l.items[i].where.items[k]->line);
    }
    fputs("</td></tr>\n", out);
  }
  if (l.len)
    fputs("</tbody></table>\n", out);
  rp_unmapped_free(&l);
}

static void findings(FILE *out, const Report *r) {
  fputs("<h2>Findings by category</h2>\n", out);
  for (size_t c = 0; c < r->categories.len; c++) {
    const RpGroup *g = &r->categories.items[c];
    fputs("<details><summary>", out);
    esc(out, g->name);
    fprintf(out, " (%zu, %.1f hours)</summary>\n", g->findings, g->effort_hours);
    for (size_t i = 0; i < r->findings.len; i++) {
      const RpFinding *f = &r->findings.items[i];
      if (strcmp(f->category, g->name) != 0)
        continue;
      fputs("<div class=\"finding\"><b>", out);
      esc(out, f->code); /* a user rule file's code is text like any other */
      fprintf(out, "</b> <span class=\"sev-%s\">%s</span> ", f->severity, f->severity);
      esc(out, f->file);
      fprintf(out, ":%u:%u: ", f->line, f->column);
      esc(out, f->message);
      if (f->source_line) {
        fputs("<pre>", out);
        esc(out, f->source_line);
        fputs("</pre>", out);
      }
      fputs("</div>\n", out);
    }
    fputs("</details>\n", out);
  }
}

static Status write_html(FILE *out, const Report *r, const RpOptions *opt) {
  fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'; img-src data:\">\n<title>hipport scan of ", out);
  esc(out, r->root);
  fprintf(out, "</title>\n<style>%s</style></head>\n<body>\n<h1>hipport scan of ", style);
  esc(out, r->root);
  fputs("</h1>\n", out);
  cards(out, r);
  compat_chart(out, r);
  effort_chart(out, r);
  groups_table(out, "Libraries", "libraries", &r->libraries, false);
  groups_table(out, "Programs", "programs", &r->programs, true);
  files_table(out, r);
  unmapped(out, r);
  findings(out, r);
  fprintf(out, "<p><small>hipport %s; rules: ", r->version);
  esc(out, r->rules_description);
  fprintf(out, "</small></p>\n<script>%s</script>\n</body></html>\n", script);
  return ferror(out) ? cm_fail(ST_ENV, "writing the HTML report failed") : ST_OK;
}

const Reporter rp_html = {.name = "html", .write = write_html};
