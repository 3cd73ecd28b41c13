/* The report formats, one line each, and the small things they share. */
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

/* ORDER REPORTERS with reports_p.h */
static const Reporter *const reporters[] = {&rp_text, &rp_json, &rp_md, &rp_html, &rp_sarif, &rp_csv};
enum { NREPORTERS = sizeof reporters / sizeof *reporters };

const Reporter *rp_find(const char *name) {
  for (size_t i = 0; name && i < NREPORTERS; i++)
    if (strcmp(reporters[i]->name, name) == 0)
      return reporters[i];
  return NULL;
}

const char *rp_names(void) { return "text, json, md, html, sarif, csv"; }

Severity rp_severity_rank(const char *name) {
  return strcmp(name, "error") == 0 ? SEV_ERROR : strcmp(name, "warning") == 0 ? SEV_WARNING : SEV_NOTE;
}

double rp_percent(size_t part, size_t whole) { return whole ? 100.0 * (double)part / (double)whole : 100.0; }

void rp_html_escape(Buf *b, const char *s) {
  for (; *s; s++)
    switch (*s) {
    case '&': buf_puts(b, "&amp;"); break;
    case '<': buf_puts(b, "&lt;"); break;
    case '>': buf_puts(b, "&gt;"); break;
    case '"': buf_puts(b, "&quot;"); break;
    case '\'': buf_puts(b, "&#39;"); break;
    default: buf_append(b, s, 1);
    }
}

/* GitHub renders inline HTML and emphasis in a table cell: each such character
 * is escaped, and a cell stays on its line. */
void rp_md_escape(Buf *b, const char *s) {
  for (; *s; s++)
    if (*s == '\n' || *s == '\r')
      buf_puts(b, " ");
    else if (*s == '<')
      buf_puts(b, "&lt;");
    else if (*s == '>')
      buf_puts(b, "&gt;");
    else if (*s == '&')
      buf_puts(b, "&amp;");
    else {
      if (strchr("\\|`*_[]#~", *s))
        buf_puts(b, "\\");
      buf_append(b, s, 1);
    }
}

/* A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before
 * one) as a formula, and file names and messages come from the scanned tree:
 * such text gets a leading quote, numbers are left as they are. */
static bool formula_like(const char *s) {
  if (!*s || !strchr("=+-@\t\r", *s))
    return false;
  char *end;
  strtod(s, &end);
  return *end != '\0';
}

static void quoted(Buf *b, const char *s) {
  if (!s[strcspn(s, ",\"\r\n")]) {
    buf_puts(b, s);
    return;
  }
  buf_puts(b, "\"");
  for (; *s; s++)
    buf_append(b, *s == '"' ? "\"\"" : s, *s == '"' ? 2 : 1);
  buf_puts(b, "\"");
}

void rp_csv_field(Buf *b, const char *s) {
  char *guarded = formula_like(s) ? cm_xasprintf("'%s", s) : NULL;
  quoted(b, guarded ? guarded : s);
  free(guarded);
}

/* A use needs work when it is not available in the target release. */
void rp_unmapped(const Report *r, RpUnmappedList *out) {
  *out = (RpUnmappedList){0};
  for (size_t i = 0; i < r->uses.len; i++) {
    const RpUse *u = &r->uses.items[i];
    if (u->available)
      continue;
    RpUnmapped *found = NULL;
    for (size_t j = 0; j < out->len && !found; j++)
      if (strcmp(out->items[j].cuda, u->cuda) == 0)
        found = &out->items[j];
    if (!found) {
      RpUnmapped x = {u->cuda, u->status, u->library, {0}};
      vec_push(out, x);
      found = &out->items[out->len - 1];
    }
    vec_push(&found->where, u);
  }
}

void rp_unmapped_free(RpUnmappedList *l) {
  for (size_t i = 0; i < l->len; i++)
    vec_free(&l->items[i].where);
  vec_free(l);
}

static const char *meta(const Report *r, const char *key) {
  for (size_t i = 0; i < r->rules_meta.len; i++)
    if (strcmp(r->rules_meta.items[i].key, key) == 0)
      return r->rules_meta.items[i].value;
  return "?";
}

char *rp_rules_version(const Report *r) {
  return cm_xasprintf("%s; ROCm to %s", meta(r, "data_vintage"), meta(r, "newest_rocm"));
}
