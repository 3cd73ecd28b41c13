/* A program's manifest.json: its sources, flags, run arguments, tolerance and
 * the values its own CPU reference computes. Read with jansson. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "verify_p.h"

const char *vf_status_name(VerifyStatus s) {
  static const char *names[] = {[VS_PASS] = "PASS",           [VS_MISMATCH] = "MISMATCH",
                                [VS_BUILD_FAIL] = "BUILD-FAIL", [VS_RUN_FAIL] = "RUN-FAIL",
                                [VS_COMPILED] = "COMPILED",     [VS_MISSING_LIBRARY] = "MISSING-LIBRARY",
                                [VS_NOT_BUILDABLE] = "NOT-BUILDABLE"};
  return names[s];
}

bool vf_status_fails(VerifyStatus s) { return s == VS_MISMATCH || s == VS_BUILD_FAIL || s == VS_RUN_FAIL; }

static Status read_strings(json_t *doc, const char *key, StrList *out, const char *path) {
  json_t *arr = json_object_get(doc, key);
  if (!arr)
    return ST_OK;
  if (!json_is_array(arr))
    return cm_fail(ST_INPUT, "%s: \"%s\" must be a list of strings", path, key);
  size_t i;
  json_t *v;
  json_array_foreach(arr, i, v) {
    if (!json_is_string(v))
      return cm_fail(ST_INPUT, "%s: \"%s\" must be a list of strings", path, key);
    vec_push(out, cm_xstrdup(json_string_value(v)));
  }
  return ST_OK;
}

static double number_or(json_t *obj, const char *key, double fallback) {
  json_t *v = json_object_get(obj, key);
  return json_is_number(v) ? json_number_value(v) : fallback;
}

/* "vendor_specific": {"key": "why it differs between vendors"}: lines the CUDA
 * reference cannot hold a port to. The reason is required, so none is left unexplained. */
static Status read_vendor_keys(json_t *doc, const char *path, Program *p) {
  json_t *obj = json_object_get(doc, "vendor_specific"), *why;
  const char *key;
  if (!obj)
    return ST_OK;
  if (!json_is_object(obj))
    return cm_fail(ST_INPUT, "%s: \"vendor_specific\" must map each output key to the reason it differs", path);
  json_object_foreach(obj, key, why) {
    if (!json_is_string(why) || !*json_string_value(why))
      return cm_fail(ST_INPUT, "%s: \"vendor_specific\": \"%s\" needs the reason it differs between vendors", path,
                     key);
    vec_push(&p->vendor_keys, cm_xstrdup(key));
  }
  return ST_OK;
}

/* ---- what a manifest may hand to a compiler ----
 * Debian's hipcc (a Perl script) and nvcc pass arguments on through a shell, so
 * nothing from a manifest may hold a character a shell would read, and nothing
 * may name a place outside the program's folder to write to. The shapes:
 *   name     letters, digits and . _ + -, not starting with . or -
 *   source   a relative path of such names, no ".." component
 *   flag     one argument: '-', then letters, digits and _ + = , . : / -;
 *            not one that names an output (-o, -M..., --output..., -save-temps,
 *            -Wl,/-Xlinker/-Xcompiler, which pass on what cannot be checked) */

static bool plain_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '+' || c == '-';
}

static bool plain_name(const char *s, size_t n) {
  if (n == 0 || s[0] == '.' || s[0] == '-')
    return false;
  for (size_t i = 0; i < n; i++)
    if (!plain_char(s[i]))
      return false;
  return true;
}

static bool plain_source(const char *s) {
  for (const char *p = s; *p;) {
    size_t n = strcspn(p, "/");
    if (!plain_name(p, n))
      return false;
    p += n + (p[n] == '/');
  }
  return *s && s[strlen(s) - 1] != '/';
}

static bool plain_flag(const char *s) {
  static const char *const writers[] = {"-o", "-M", "--output", "-save-temps", "--keep", "-Wl,", "-Xlinker",
                                        "-Xcompiler", "--run", "-run", "-odir", "--dependency-output"};
  if (s[0] != '-' || !s[1])
    return false;
  for (size_t i = 0; i < sizeof writers / sizeof *writers; i++)
    if (strncmp(s, writers[i], strlen(writers[i])) == 0)
      return false;
  for (const char *p = s + 1; *p; p++)
    if (!plain_char(*p) && *p != '=' && *p != ',' && *p != ':' && *p != '/')
      return false;
  return true;
}

static Status check_list(const StrList *l, bool (*ok)(const char *), const char *key, const char *path,
                         const char *shape) {
  for (size_t i = 0; i < l->len; i++)
    if (!ok(l->items[i]))
      return cm_fail(ST_INPUT, "%s: \"%s\": '%s' is not %s (see docs/verify.md, the manifest)", path, key,
                     l->items[i], shape);
  return ST_OK;
}

static Status check_shapes(const Program *p, const char *path) {
  Status st;
  if (!plain_name(p->name, strlen(p->name)))
    return cm_fail(ST_INPUT, "%s: the program name '%s' is not a plain name (letters, digits, . _ + -): set \"name\"",
                   path, p->name);
  if ((st = check_list(&p->sources, plain_source, "sources", path, "a relative path inside the program's folder")) ||
      (st = check_list(&p->nvcc_flags, plain_flag, "nvcc_flags", path, "a plain compiler flag")) ||
      (st = check_list(&p->hipcc_flags, plain_flag, "hipcc_flags", path, "a plain compiler flag")))
    return st;
  return ST_OK;
}

static Status read_manifest(json_t *doc, const char *path, const RuleDb *db, Program *p) {
  json_t *name = json_object_get(doc, "name");
  p->name = cm_xstrdup(json_is_string(name) ? json_string_value(name) : strrchr(p->dir, '/') ? strrchr(p->dir, '/') + 1 : p->dir);
  Status st;
  if ((st = read_strings(doc, "sources", &p->sources, path)) || (st = read_strings(doc, "nvcc_flags", &p->nvcc_flags, path)) ||
      (st = read_strings(doc, "hipcc_flags", &p->hipcc_flags, path)) ||
      (st = read_strings(doc, "libraries", &p->libraries, path)) || (st = read_strings(doc, "args", &p->args, path)) ||
      (st = read_vendor_keys(doc, path, p)))
    return st;
  if (!p->sources.len)
    return cm_fail(ST_INPUT, "%s: \"sources\" lists no source file", path);
  if ((st = check_shapes(p, path)))
    return st;
  if ((st = vf_check_libraries(db, p, path)))
    return st;
  p->hip52 = json_is_true(json_object_get(doc, "hip52"));
  p->buildable = !json_is_false(json_object_get(doc, "buildable"));
  json_t *tol = json_object_get(doc, "tolerance");
  p->tol = (Tolerance){.rtol = number_or(tol, "rtol", 1e-6), .atol = number_or(tol, "atol", 0),
                       .ulp = (unsigned long long)number_or(tol, "ulp", 0),
                       .single = json_is_true(json_object_get(tol, "single"))};
  json_t *expected = json_object_get(doc, "expected");
  if (json_is_object(expected))
    p->expected_json = json_dumps(expected, JSON_COMPACT | JSON_SORT_KEYS);
  return ST_OK;
}

Status vf_load_program(const char *dir, const RuleDb *db, Program *out) {
  *out = (Program){.dir = cm_xstrdup(dir)};
  char *path = cm_xasprintf("%s/manifest.json", dir);
  json_error_t err;
  json_t *doc = json_load_file(path, 0, &err);
  Status st = !doc ? cm_fail(ST_INPUT, "%s:%d: %s: fix the manifest", path, err.line, err.text)
              : !json_is_object(doc) ? cm_fail(ST_INPUT, "%s: not a JSON object", path)
                                     : read_manifest(doc, path, db, out);
  json_decref(doc);
  free(path);
  if (st)
    vf_program_free(out);
  return st;
}

static void free_list(StrList *l) {
  for (size_t i = 0; i < l->len; i++)
    free(l->items[i]);
  vec_free(l);
}

void vf_program_free(Program *p) {
  free(p->name);
  free(p->dir);
  free_list(&p->sources);
  free_list(&p->nvcc_flags);
  free_list(&p->hipcc_flags);
  free_list(&p->libraries);
  vec_free(&p->hip_libraries);
  free_list(&p->args);
  free_list(&p->vendor_keys);
  free(p->expected_json);
  *p = (Program){0};
}
