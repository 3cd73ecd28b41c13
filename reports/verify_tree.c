/* A tree's verify results (vf_verify_tree) in every format: a table for people
 * (text, Markdown, HTML), JSON and CSV for tools, SARIF for code-scanning UIs
 * (each failing unit a result at the CUDA line its error maps to). The numbers
 * that drive a port are the same in each: units compiling, failing on reported
 * findings, failing unforeseen (HP3008), needing a library not installed. */
#include <jansson.h>

#include "reports_p.h"

typedef Status (*TreeWriter)(FILE *out, const TreeResult *t, const char *machine);

static const char *orempty(const char *s) { return s ? s : ""; }

/* "src/a.cu:12:5", "src/a.cu:12", or "" when the error has no place in the tree. */
static char *where(const UnitResult *u) {
  if (!u->file)
    return cm_xstrdup("");
  return u->column ? cm_xasprintf("%s:%u:%u", u->file, u->line, u->column)
         : u->line ? cm_xasprintf("%s:%u", u->file, u->line)
                   : cm_xstrdup(u->file);
}

static void summary_line(Buf *b, const TreeResult *t) {
  buf_printf(b, "%zu unit%s (%s): %zu compile%s, %zu fail on reported findings, %zu fail unforeseen (HP3008), "
                "%zu need a library not installed",
             t->units.len, t->units.len == 1 ? "" : "s", t->built_with, t->count[UNIT_COMPILES],
             t->count[UNIT_COMPILES] == 1 ? "s" : "", t->count[UNIT_REPORTED], t->count[UNIT_UNFORESEEN],
             t->count[UNIT_MISSING_LIBRARY]);
}

static Status done(FILE *out, const char *what) {
  return ferror(out) ? cm_fail(ST_ENV, "writing the verify %s report failed", what) : ST_OK;
}

/* The way compilers print, so an editor jumps to the CUDA line. */
static Status write_text(FILE *out, const TreeResult *t, const char *machine) {
  fprintf(out, "%-40s %s\n", "unit", "status");
  for (size_t i = 0; i < t->units.len; i++)
    fprintf(out, "%-40s %s\n", t->units.items[i].name, vf_unit_status_name(t->units.items[i].status));
  for (size_t i = 0; i < t->units.len; i++) {
    const UnitResult *u = &t->units.items[i];
    if (u->status == UNIT_COMPILES)
      continue;
    char *at = where(u);
    fprintf(out, "\n%s: %s: %s%s%s%s\n  the port's error: %s\n", *at ? at : u->name, vf_unit_status_name(u->status),
            u->explanation, u->code ? " [" : "", orempty(u->code), u->code ? "]" : "", orempty(u->error));
    free(at);
  }
  for (size_t i = 0; i < t->runs.len; i++)
    fprintf(out, "\nrun '%s': %s: %s\n", t->runs.items[i].command, vf_status_name(t->runs.items[i].status),
            t->runs.items[i].detail);
  Buf b = {0};
  summary_line(&b, t);
  fprintf(out, "\n%s\non %s\n", buf_cstr(&b), machine);
  buf_free(&b);
  return done(out, "text");
}

static json_t *unit_json(const UnitResult *u) {
  return json_pack("{s:s, s:s, s:o, s:o, s:I, s:I, s:o, s:o}", "unit", u->name, "status", vf_unit_status_name(u->status),
                   "file", u->file ? json_string(u->file) : json_null(), "error", u->error ? json_string(u->error) : json_null(),
                   "line", (json_int_t)u->line, "column", (json_int_t)u->column, "code",
                   u->code ? json_string(u->code) : json_null(), "explanation",
                   u->explanation ? json_string(u->explanation) : json_null());
}

static Status write_json(FILE *out, const TreeResult *t, const char *machine) {
  json_t *units = json_array(), *runs = json_array();
  for (size_t i = 0; i < t->units.len; i++)
    json_array_append_new(units, unit_json(&t->units.items[i]));
  for (size_t i = 0; i < t->runs.len; i++)
    json_array_append_new(runs, json_pack("{s:s, s:s, s:s}", "command", t->runs.items[i].command, "status",
                                          vf_status_name(t->runs.items[i].status), "detail", t->runs.items[i].detail));
  json_t *doc = json_pack("{s:s, s:s, s:s, s:s, s:{s:I, s:I, s:I, s:I, s:I}, s:o, s:o}", "machine", machine, "root",
                          t->root, "port", t->port, "built_with", t->built_with, "summary", "units",
                          (json_int_t)t->units.len, "compiling", (json_int_t)t->count[UNIT_COMPILES], "failing_reported",
                          (json_int_t)t->count[UNIT_REPORTED], "failing_unforeseen", (json_int_t)t->count[UNIT_UNFORESEEN],
                          "missing_library", (json_int_t)t->count[UNIT_MISSING_LIBRARY], "units", units, "runs", runs);
  int rc = json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(doc);
  return rc == 0 ? done(out, "JSON") : cm_fail(ST_ENV, "writing the verify JSON report failed");
}

static Status write_md(FILE *out, const TreeResult *t, const char *machine) {
  Buf b = {0};
  buf_puts(&b, "# hipport verify\n\n");
  summary_line(&b, t);
  buf_puts(&b, ".\n\nMachine: ");
  rp_md_escape(&b, machine);
  buf_puts(&b, "\n\n| unit | status | CUDA location | code | explanation | the port's error |\n|---|---|---|---|---|---|\n");
  for (size_t i = 0; i < t->units.len; i++) {
    const UnitResult *u = &t->units.items[i];
    char *at = where(u);
    const char *cells[] = {u->name, vf_unit_status_name(u->status), at, orempty(u->code), orempty(u->explanation),
                           orempty(u->error)};
    for (size_t c = 0; c < 6; c++) {
      buf_puts(&b, "| ");
      rp_md_escape(&b, cells[c]);
      buf_puts(&b, " ");
    }
    buf_puts(&b, "|\n");
    free(at);
  }
  for (size_t i = 0; i < t->runs.len; i++) {
    buf_puts(&b, i ? "" : "\n| run | status | detail |\n|---|---|---|\n");
    const char *cells[] = {t->runs.items[i].command, vf_status_name(t->runs.items[i].status), t->runs.items[i].detail};
    for (size_t c = 0; c < 3; c++)
      buf_puts(&b, "| "), rp_md_escape(&b, cells[c]), buf_puts(&b, " ");
    buf_puts(&b, "|\n");
  }
  fputs(buf_cstr(&b), out);
  buf_free(&b);
  return done(out, "Markdown");
}

static void html_cell(Buf *b, const char *tag, const char *s) {
  buf_printf(b, "<%s>", tag);
  rp_html_escape(b, s);
  buf_printf(b, "</%s>", tag);
}

static Status write_html(FILE *out, const TreeResult *t, const char *machine) {
  Buf b = {0};
  buf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>hipport verify</title>"
               "<style>body{font-family:sans-serif}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}"
               "table{border-collapse:collapse}.COMPILES{color:#080}.FAILS-UNFORESEEN{color:#c00}</style></head><body>\n"
               "<h1>hipport verify</h1>\n<p>");
  Buf line = {0};
  summary_line(&line, t);
  rp_html_escape(&b, buf_cstr(&line));
  buf_puts(&b, "</p>\n<p>");
  rp_html_escape(&b, machine);
  buf_puts(&b, "</p>\n<table><tr><th>unit</th><th>status</th><th>CUDA location</th><th>code</th><th>explanation</th>"
               "<th>the port's error</th></tr>\n");
  for (size_t i = 0; i < t->units.len; i++) {
    const UnitResult *u = &t->units.items[i];
    char *at = where(u);
    buf_printf(&b, "<tr class=\"%s\">", vf_unit_status_name(u->status));
    const char *cells[] = {u->name, vf_unit_status_name(u->status), at, orempty(u->code), orempty(u->explanation),
                           orempty(u->error)};
    for (size_t c = 0; c < 6; c++)
      html_cell(&b, "td", cells[c]);
    buf_puts(&b, "</tr>\n");
    free(at);
  }
  buf_puts(&b, "</table>\n");
  for (size_t i = 0; i < t->runs.len; i++) {
    buf_puts(&b, "<p>run ");
    html_cell(&b, "code", t->runs.items[i].command);
    buf_printf(&b, ": %s: ", vf_status_name(t->runs.items[i].status));
    rp_html_escape(&b, t->runs.items[i].detail);
    buf_puts(&b, "</p>\n");
  }
  buf_puts(&b, "</body></html>\n");
  fputs(buf_cstr(&b), out);
  buf_free(&b), buf_free(&line);
  return done(out, "HTML");
}

static Status write_csv(FILE *out, const TreeResult *t, const char *machine) {
  (void)machine;
  Buf b = {0};
  buf_puts(&b, "unit,status,file,line,column,code,explanation,error\r\n");
  for (size_t i = 0; i < t->units.len; i++) {
    const UnitResult *u = &t->units.items[i];
    char line[16], column[16];
    snprintf(line, sizeof line, "%u", u->line);
    snprintf(column, sizeof column, "%u", u->column);
    const char *cells[] = {u->name, vf_unit_status_name(u->status), orempty(u->file), u->line ? line : "",
                           u->column ? column : "", orempty(u->code), orempty(u->explanation), orempty(u->error)};
    for (size_t c = 0; c < 8; c++) {
      if (c)
        buf_puts(&b, ",");
      rp_csv_field(&b, cells[c]);
    }
    buf_puts(&b, "\r\n");
  }
  fputs(buf_cstr(&b), out);
  buf_free(&b);
  return done(out, "CSV");
}

/* Each unit that does not compile, at the CUDA line, under its explaining code. */
static json_t *sarif_result(const UnitResult *u) {
  char *text = cm_xasprintf("%s: %s (the port's error: %s)", u->name, u->explanation, orempty(u->error));
  json_t *region = u->line ? json_pack("{s:I}", "startLine", (json_int_t)u->line) : json_object();
  if (u->column)
    json_object_set_new(region, "startColumn", json_integer(u->column));
  json_t *res = json_pack("{s:s, s:s, s:{s:s}}", "ruleId", u->code ? u->code : vf_unit_status_name(u->status), "level",
                          u->status == UNIT_MISSING_LIBRARY ? "warning" : "error", "message", "text", text);
  json_object_set_new(res, "locations",
                      json_pack("[{s:{s:{s:s, s:s}, s:o}}]", "physicalLocation", "artifactLocation", "uri",
                                u->file ? u->file : u->name, "uriBaseId", "SRCROOT", "region", region));
  free(text);
  return res;
}

static Status write_sarif(FILE *out, const TreeResult *t, const char *machine) {
  json_t *results = json_array();
  for (size_t i = 0; i < t->units.len; i++)
    if (t->units.items[i].status != UNIT_COMPILES)
      json_array_append_new(results, sarif_result(&t->units.items[i]));
  char *root = cm_xasprintf("file://%s/", t->root);
  json_t *doc = json_pack("{s:s, s:s, s:[{s:{s:{s:s, s:s}}, s:{s:{s:s}}, s:o, s:{s:s, s:I, s:I}}]}", "$schema",
                          "https://json.schemastore.org/sarif-2.1.0.json", "version", "2.1.0", "runs", "tool", "driver",
                          "name", "hipport", "version", HIPPORT_VERSION, "originalUriBaseIds", "SRCROOT", "uri", root,
                          "results", results, "properties", "machine", machine, "units", (json_int_t)t->units.len,
                          "compiling", (json_int_t)t->count[UNIT_COMPILES]);
  int rc = json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(doc);
  free(root);
  return rc == 0 ? done(out, "SARIF") : cm_fail(ST_ENV, "writing the verify SARIF report failed");
}

static const struct {
  const char *name;
  TreeWriter write;
} writers[] = {{"text", write_text}, {"json", write_json}, {"md", write_md},
               {"html", write_html}, {"csv", write_csv},   {"sarif", write_sarif}};

bool rp_verify_format_known(const char *format) {
  for (size_t i = 0; i < sizeof writers / sizeof *writers; i++)
    if (strcmp(writers[i].name, format) == 0)
      return true;
  return false;
}

const char *rp_verify_formats(void) { return "text, json, md, html, csv, sarif"; }

Status rp_verify_tree(FILE *out, const char *format, const TreeResult *t, const char *machine) {
  for (size_t i = 0; i < sizeof writers / sizeof *writers; i++)
    if (strcmp(writers[i].name, format) == 0)
      return writers[i].write(out, t, machine);
  return cm_fail(ST_USAGE, "verify: no report format '%s'", format);
}
