/* SARIF 2.1.0 for code-scanning services: one run; a rule per diagnostic code
 * found; a result per finding at a region of a file under SRCROOT (the scan
 * root), with a fingerprint that follows the code, not its line number, so a
 * service tracks one alert across commits. The run's properties carry the
 * numbers of the JSON report's summary and tables. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

/* A path as a URI reference: everything but unreserved characters and '/'
 * percent-encoded (RFC 3986). */
static char *uri_encode(const char *s) {
  Buf b = {0};
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
      buf_append(&b, (const char *)p, 1);
    else
      buf_printf(&b, "%%%02X", *p);
  char *out = cm_xstrdup(b.len ? buf_cstr(&b) : "");
  buf_free(&b);
  return out;
}

/* Columns are bytes in hipport and code points in this run (columnKind). */
static unsigned code_points(const char *line, unsigned byte_column) {
  unsigned n = 1;
  for (unsigned i = 0; i + 1 < byte_column && line[i]; i++)
    n += ((unsigned char)line[i] & 0xC0) != 0x80;
  return n;
}

/* The token a finding points at ends after its identifier characters, or after
 * one character when it starts with none. */
static unsigned token_end(const char *line, unsigned column) {
  size_t len = strlen(line), i = column ? column - 1 : 0;
  if (i >= len)
    return column + 1;
  size_t j = i;
  while (j < len && (line[j] == '_' || (line[j] >= '0' && line[j] <= '9') || ((line[j] | 0x20) >= 'a' && (line[j] | 0x20) <= 'z')))
    j++;
  if (j == i)
    for (j = i + 1; j < len && ((unsigned char)line[j] & 0xC0) == 0x80; j++)
      ;
  return (unsigned)j + 1;
}

static uint64_t fnv1a(uint64_t h, const char *s) {
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return (h ^ 0xff) * 1099511628211ull; /* a field separator no string holds */
}

/* code, subject, file and the line's text with its blanks squeezed out:
 * indentation and moved lines keep the print. */
static uint64_t finding_hash(const RpFinding *f) {
  Buf line = {0};
  for (const char *p = f->source_line ? f->source_line : ""; *p; p++)
    if (*p != ' ' && *p != '\t')
      buf_append(&line, p, 1);
  uint64_t h = fnv1a(fnv1a(fnv1a(fnv1a(14695981039346656037ull, f->code), f->subject), f->file), buf_cstr(&line));
  buf_free(&line);
  return h;
}

/* The hash, and which time the same hash is met in the report: the same
 * text twice in a file gets two prints. */
static char *fingerprint(const uint64_t *hashes, size_t index) {
  unsigned seen = 1;
  for (size_t i = 0; i < index; i++)
    seen += hashes[i] == hashes[index];
  return cm_xasprintf("%016llx:%u", (unsigned long long)hashes[index], seen);
}

static json_t *rule_json(const RpDiagnostic *d) {
  char *full = cm_xasprintf("%s. Category %s; estimated %.2g hours per %s.", d->title, d->category, d->effort_hours,
                            strcmp(d->per, "api") == 0 ? "API" : d->per);
  char *help = cm_xasprintf("Each finding's message says what to change; docs/diagnostics.md lists %s with its "
                            "category and effort.", d->code);
  json_t *rule = json_pack("{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s}, s:{s:s}, s:{s:s, s:f, s:s, s:[s]}}", "id", d->code,
                           "name", d->category, "shortDescription", "text", d->title, "fullDescription", "text", full,
                           "help", "text", help, "defaultConfiguration", "level", d->severity, "properties",
                           "category", d->category, "effort_hours", d->effort_hours, "effort_per", d->per, "tags",
                           d->category);
  free(full);
  free(help);
  return rule;
}

static size_t rule_index(const Report *r, const char *code) {
  for (size_t i = 0; i < r->diagnostics.len; i++)
    if (strcmp(r->diagnostics.items[i].code, code) == 0)
      return i;
  return 0;
}

static json_t *region_json(const RpFinding *f) {
  if (!f->source_line)
    return json_pack("{s:I}", "startLine", (json_int_t)f->line);
  return json_pack("{s:I, s:I, s:I, s:I, s:{s:s}}", "startLine", (json_int_t)f->line, "startColumn",
                   (json_int_t)code_points(f->source_line, f->column), "endLine", (json_int_t)f->line, "endColumn",
                   (json_int_t)code_points(f->source_line, token_end(f->source_line, f->column)), "snippet", "text",
                   f->source_line);
}

static json_t *result_json(const Report *r, const uint64_t *hashes, size_t i) {
  const RpFinding *f = &r->findings.items[i];
  char *uri = uri_encode(f->file), *print = fingerprint(hashes, i);
  json_t *res = json_pack("{s:s, s:I, s:s, s:{s:s}, s:[{s:{s:{s:s, s:s}, s:o}}], s:{s:s}, s:{s:s, s:s, s:f}}",
                          "ruleId", f->code, "ruleIndex", (json_int_t)rule_index(r, f->code), "level", f->severity,
                          "message", "text", f->message, "locations", "physicalLocation", "artifactLocation", "uri", uri,
                          "uriBaseId", "SRCROOT", "region", region_json(f), "partialFingerprints", "hipportFinding/v1",
                          print, "properties", "category", f->category, "subject", f->subject, "effort_hours",
                          f->effort_hours);
  free(uri);
  free(print);
  return res;
}

static Status write_sarif(FILE *out, const Report *r, const RpOptions *opt) {
  json_t *rules = json_array(), *results = json_array(), *numbers = rp_to_json(r);
  for (size_t i = 0; i < r->diagnostics.len; i++)
    json_array_append_new(rules, rule_json(&r->diagnostics.items[i]));
  uint64_t *hashes = cm_xcalloc(r->findings.len + 1, sizeof *hashes);
  for (size_t i = 0; i < r->findings.len; i++)
    hashes[i] = finding_hash(&r->findings.items[i]);
  for (size_t i = 0; i < r->findings.len; i++)
    json_array_append_new(results, result_json(r, hashes, i));
  free(hashes);
  char *root = uri_encode(r->root), *root_uri = cm_xasprintf("file://%s/", root), *rules_version = rp_rules_version(r);
  json_t *props = json_object();
  static const char *const keys[] = {"summary", "programs", "categories", "libraries"};
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
    json_object_set(props, keys[i], json_object_get(numbers, keys[i]));
  json_t *driver = json_pack("{s:s, s:s, s:s, s:{s:s, s:O}, s:o}", "name", "hipport", "version", r->version,
                             "semanticVersion", r->version, "properties", "ruleDataVersion", rules_version, "rules",
                             json_object_get(numbers, "rules"), "rules", rules);
  json_t *doc = json_pack("{s:s, s:s, s:[{s:{s:o}, s:{s:{s:s}}, s:s, s:o, s:o}]}", "$schema",
                          "https://json.schemastore.org/sarif-2.1.0.json", "version", "2.1.0", "runs", "tool", "driver",
                          driver, "originalUriBaseIds", "SRCROOT", "uri", root_uri, "columnKind", "unicodeCodePoints",
                          "results", results, "properties", props);
  int rc = json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
  fputc('\n', out);
  json_decref(doc);
  json_decref(numbers);
  free(root), free(root_uri), free(rules_version);
  return rc == 0 && !ferror(out) ? ST_OK : cm_fail(ST_ENV, "writing the SARIF report failed");
}

const Reporter rp_sarif = {.name = "sarif", .write = write_sarif};
