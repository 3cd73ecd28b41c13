/* A project's scans over time: a row per scan (date, commit, target, uses
 * mapped, findings that need work, effort), and for the newest the % per ROCm
 * release; in HTML, line charts of compatibility and effort drawn as inline
 * SVG. Then its verify runs (hipport verify of the tree): units compiling over
 * time, and those failing on reported findings and unforeseen. Text, JSON,
 * Markdown, HTML and CSV (scans only: one table), one function each. */
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

static double mapped_percent(const RsScan *s) { return rp_percent(s->mapped_uses, s->uses); }

/* "1a2b3c4d5e" or "1a2b3c4d5e+dirty"; "-" outside git. */
static char *commit_label(const RsScan *s) {
  if (!s->project.commit)
    return cm_xstrdup("-");
  return cm_xasprintf("%.10s%s", s->project.commit, s->project.dirty ? "+dirty" : "");
}


/* "1a2b3c4d5e" or "-". */
static const char *build_commit(const RsTreePoint *p, char buf[11]) {
  if (!p->commit)
    return "-";
  snprintf(buf, 11, "%.10s", p->commit);
  return buf;
}

static const char build_header[] = "date|commit|units|compiling|failing on reported findings|failing unforeseen|missing library";

static void text_builds(FILE *out, const RsTreeHistory *b) {
  if (!b->len)
    return;
  fprintf(out, "verify runs of the tree (%zu): units compiling over time\n", b->len);
  fprintf(out, "  %-20s  %-10s  %5s  %9s  %8s  %10s  %7s\n", "date", "commit", "units", "compiling", "reported",
          "unforeseen", "library");
  for (size_t i = 0; i < b->len; i++) {
    const RsTreePoint *p = &b->items[i];
    char c[11];
    fprintf(out, "  %-20s  %-10s  %5zu  %9zu  %8zu  %10zu  %7zu\n", p->at, build_commit(p, c), p->units, p->compiling,
            p->failing_reported, p->failing_unforeseen, p->missing_library);
  }
}

static json_t *builds_json(const RsTreeHistory *b) {
  json_t *a = json_array();
  for (size_t i = 0; i < b->len; i++) {
    const RsTreePoint *p = &b->items[i];
    json_array_append_new(a, json_pack("{s:s, s:o, s:I, s:I, s:I, s:I, s:I}", "at", p->at, "commit",
                                       p->commit ? json_string(p->commit) : json_null(), "units", (json_int_t)p->units,
                                       "compiling", (json_int_t)p->compiling, "failing_reported",
                                       (json_int_t)p->failing_reported, "failing_unforeseen",
                                       (json_int_t)p->failing_unforeseen, "missing_library",
                                       (json_int_t)p->missing_library));
  }
  return a;
}

/* A Markdown or HTML table of the runs: cells between `open` and `close`, rows between `row` and `end`. */
static void table_builds(FILE *out, const RsTreeHistory *b, const char *row, const char *open, const char *close,
                         const char *end) {
  for (size_t i = 0; i < b->len; i++) {
    const RsTreePoint *p = &b->items[i];
    char c[11];
    fprintf(out, "%s%s%s%s%s%s", row, open, p->at, close, open, build_commit(p, c));
    size_t n[] = {p->units, p->compiling, p->failing_reported, p->failing_unforeseen, p->missing_library};
    for (size_t k = 0; k < 5; k++)
      fprintf(out, "%s%s%zu", close, open, n[k]);
    fprintf(out, "%s%s", close, end);
  }
}

static void md_builds(FILE *out, const RsTreeHistory *b) {
  if (!b->len)
    return;
  fputs("\n## Verify runs of the tree\n\n|", out);
  for (const char *h = build_header; *h; h++)
    fputs(*h == '|' ? " | " : (char[]){*h, 0}, out);
  fputs(" |\n|---|---|---:|---:|---:|---:|---:|\n", out);
  table_builds(out, b, "|", " ", " |", "\n");
}

static void html_builds(FILE *out, const RsTreeHistory *b) {
  if (!b->len)
    return;
  fputs("<h2>Verify runs of the tree</h2>\n<table id=\"builds\"><thead><tr><th>", out);
  for (const char *h = build_header; *h; h++)
    fputs(*h == '|' ? "</th><th>" : (char[]){*h, 0}, out);
  fputs("</th></tr></thead><tbody>\n", out);
  table_builds(out, b, "<tr>", "<td>", "</td>", "</tr>\n");
  fputs("</tbody></table>\n", out);
}

static void text_history(FILE *out, const char *project, const RsScans *v, const RsTreeHistory *b) {
  fprintf(out, "hipport history of %s (%zu scan%s)\n", project, v->len, v->len == 1 ? "" : "s");
  fprintf(out, "  %5s  %-20s  %-16s  %-8s  %8s  %9s  %8s\n", "scan", "date", "commit", "target", "mapped", "need work",
          "hours");
  for (size_t i = 0; i < v->len; i++) {
    const RsScan *s = &v->items[i];
    char *commit = commit_label(s);
    fprintf(out, "  %5lld  %-20s  %-16s  %-8s  %7.1f%%  %9zu  %8.1f\n", s->id, s->at, commit, s->target,
            mapped_percent(s), s->need_work, s->effort_hours);
    free(commit);
  }
  text_builds(out, b);
  if (!v->len)
    return;
  const RsScan *last = &v->items[v->len - 1];
  fprintf(out, "newest scan (%lld), uses available per ROCm release:", last->id);
  size_t from = last->releases.len > 6 ? last->releases.len - 6 : 0; /* as the scan's text: the rest in JSON */
  for (size_t i = 0; i < last->releases.len; i++)
    if (i >= from || strcmp(last->releases.items[i].release, last->target) == 0)
      fprintf(out, " %s %.1f%%", last->releases.items[i].release, last->releases.items[i].percent);
  fputc('\n', out);
}

static json_t *scan_json(const RsScan *s) {
  return json_pack("{s:I, s:s, s:s, s:o, s:b, s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:f, s:f, s:I, s:I, s:f}", "id",
                   (json_int_t)s->id, "at", s->at, "project", s->project.name, "commit",
                   s->project.commit ? json_string(s->project.commit) : json_null(), "dirty", s->project.dirty, "root",
                   s->root, "hipport_version", s->hipport_version, "rules_version", s->rules_version, "target_rocm",
                   s->target, "cuda_files", (json_int_t)s->cuda_files, "uses", (json_int_t)s->uses, "mapped_uses",
                   (json_int_t)s->mapped_uses, "mapped_percent", mapped_percent(s), "target_percent", s->target_percent,
                   "findings", (json_int_t)s->findings, "findings_need_work", (json_int_t)s->need_work, "effort_hours",
                   s->effort_hours);
}

static void json_history(FILE *out, const char *project, const RsScans *v, const RsTreeHistory *b) {
  json_t *scans = json_array(), *newest = json_object();
  for (size_t i = 0; i < v->len; i++)
    json_array_append_new(scans, scan_json(&v->items[i]));
  const RsScan *last = v->len ? &v->items[v->len - 1] : NULL;
  for (size_t i = 0; last && i < last->releases.len; i++)
    json_object_set_new(newest, last->releases.items[i].release, json_real(last->releases.items[i].percent));
  json_t *doc = json_pack("{s:s, s:o, s:o, s:o}", "project", project, "scans", scans, "newest_compatibility", newest,
                          "verify_runs", builds_json(b));
  json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
  fputc('\n', out);
  json_decref(doc);
}

static void md_history(FILE *out, const char *project, const RsScans *v, const RsTreeHistory *b) {
  Buf name = {0};
  rp_md_escape(&name, project);
  fprintf(out, "# hipport history of %s\n\n| scan | date | commit | target | uses mapped | need work | hours |\n"
               "|---:|---|---|---|---:|---:|---:|\n", buf_cstr(&name));
  buf_free(&name);
  for (size_t i = 0; i < v->len; i++) {
    const RsScan *s = &v->items[i];
    char *commit = commit_label(s);
    fprintf(out, "| %lld | %s | %s | %s | %.1f%% | %zu | %.1f |\n", s->id, s->at, commit, s->target, mapped_percent(s),
            s->need_work, s->effort_hours);
    free(commit);
  }
  md_builds(out, b);
  if (!v->len)
    return;
  const RsScan *last = &v->items[v->len - 1];
  fprintf(out, "\n## Newest scan (%lld) by ROCm release\n\n| release | uses available |\n|---|---:|\n", last->id);
  for (size_t i = 0; i < last->releases.len; i++)
    fprintf(out, "| %s | %.1f%% |\n", last->releases.items[i].release, last->releases.items[i].percent);
}

static void csv_history(FILE *out, const char *project, const RsScans *v, const RsTreeHistory *b) {
  (void)b; /* one table: the scans */
  fputs("scan,date,project,commit,dirty,target,uses,mapped_uses,mapped_percent,findings_need_work,effort_hours\r\n", out);
  for (size_t i = 0; i < v->len; i++) {
    const RsScan *s = &v->items[i];
    Buf b = {0};
    buf_printf(&b, "%lld,%s,", s->id, s->at);
    rp_csv_field(&b, s->project.name);
    buf_printf(&b, ",%s,%s,%s,%zu,%zu,%.6g,%zu,%.6g\r\n", s->project.commit ? s->project.commit : "",
               s->project.dirty ? "yes" : "no", s->target, s->uses, s->mapped_uses, mapped_percent(s), s->need_work,
               s->effort_hours);
    fputs(buf_cstr(&b), out);
    buf_free(&b);
  }
}

/* One line chart: a point per scan, oldest on the left, 0 to `top`. */
static void line_chart(FILE *out, const char *id, const char *title, const RsScans *v, double (*value)(const RsScan *),
                       double top, const char *unit) {
  enum { W = 640, H = 180, LEFT = 50, TOP = 16 };
  fprintf(out, "<h2>%s</h2>\n<svg id=\"%s\" role=\"img\" viewBox=\"0 0 %d %d\" width=\"100%%\">\n", title, id,
          LEFT + W + 20, TOP + H + 40);
  fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.4g%s</text><text x=\"%d\" y=\"%d\" "
               "text-anchor=\"end\">0</text><line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#ccc\"/>\n",
          LEFT - 4, TOP + 4, top, unit, LEFT - 4, TOP + H, LEFT, LEFT + W, TOP + H, TOP + H);
  Buf points = {0};
  for (size_t i = 0; i < v->len; i++) {
    double x = LEFT + (v->len > 1 ? (double)i * W / (double)(v->len - 1) : W / 2.0);
    double y = TOP + H - (top > 0 ? value(&v->items[i]) * H / top : 0);
    buf_printf(&points, "%s%.1f,%.1f", i ? " " : "", x, y);
    char *commit = commit_label(&v->items[i]);
    fprintf(out, "<circle class=\"point\" data-scan=\"%lld\" data-value=\"%.6g\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\">"
                 "<title>scan %lld, %s: %.1f%s</title></circle>\n<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s"
                 "</text>\n", v->items[i].id, value(&v->items[i]), x, y, v->items[i].id, commit, value(&v->items[i]),
            unit, x, TOP + H + 16, commit);
    free(commit);
  }
  fprintf(out, "<polyline class=\"line\" fill=\"none\" stroke=\"#4a7bd0\" stroke-width=\"2\" points=\"%s\"/>\n</svg>\n",
          points.len ? buf_cstr(&points) : "");
  buf_free(&points);
}

static double effort_of(const RsScan *s) { return s->effort_hours; }

static void html_history(FILE *out, const char *project, const RsScans *v, const RsTreeHistory *b) {
  Buf name = {0};
  rp_html_escape(&name, project);
  fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-"
               "Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n<title>hipport history of %s</title>"
               "\n<style>body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:900px;padding:0 1em}"
               "table{border-collapse:collapse;width:100%%}th,td{padding:.25em .6em;border-bottom:1px solid #eee;"
               "text-align:left}td.num{text-align:right}svg text{font-size:11px;fill:#444}.point{fill:#4a7bd0}"
               "</style></head>\n<body>\n<h1>hipport history of %s</h1>\n", buf_cstr(&name), buf_cstr(&name));
  buf_free(&name);
  double most = 0;
  for (size_t i = 0; i < v->len; i++)
    most = v->items[i].effort_hours > most ? v->items[i].effort_hours : most;
  line_chart(out, "mapped-chart", "Uses mapped in the target", v, mapped_percent, 100, "%");
  line_chart(out, "effort-chart", "Effort estimate", v, effort_of, most > 0 ? most : 1, " h");
  fputs("<h2>Scans</h2>\n<table id=\"scans\"><thead><tr><th>scan</th><th>date</th><th>commit</th><th>target</th>"
        "<th>uses mapped</th><th>need work</th><th>hours</th></tr></thead><tbody>\n", out);
  for (size_t i = 0; i < v->len; i++) {
    const RsScan *s = &v->items[i];
    char *commit = commit_label(s);
    fprintf(out, "<tr><td class=\"num\">%lld</td><td>%s</td><td>%s</td><td>%s</td><td class=\"num\">%.1f%%</td>"
                 "<td class=\"num\">%zu</td><td class=\"num\">%.1f</td></tr>\n", s->id, s->at, commit, s->target,
            mapped_percent(s), s->need_work, s->effort_hours);
    free(commit);
  }
  fputs("</tbody></table>\n", out);
  html_builds(out, b);
  fputs("</body></html>\n", out);
}

static const struct {
  const char *name;
  void (*write)(FILE *out, const char *project, const RsScans *scans, const RsTreeHistory *builds);
} formats[] = {{"text", text_history}, {"json", json_history}, {"md", md_history}, {"html", html_history},
               {"csv", csv_history}};

bool rp_history_format_known(const char *format) {
  for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
    if (strcmp(formats[i].name, format) == 0)
      return true;
  return false;
}

Status rp_history(FILE *out, const char *format, const char *project, const RsScans *scans,
                  const RsTreeHistory *builds) {
  for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
    if (strcmp(formats[i].name, format) == 0) {
      formats[i].write(out, project, scans, builds);
      return ferror(out) ? cm_fail(ST_ENV, "writing the history failed") : ST_OK;
    }
  return cm_fail(ST_USAGE, "unknown history format '%s' (one of text, json, md, html, csv)", format);
}
