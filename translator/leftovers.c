/* After writing, the output is read once more for CUDA names the rules know how
 * to rename but that are still there: a port must never miss a call silently.
 * Names the plan already reported (unsupported, later release, unknown) and
 * `// hipport off` regions are explained, so they are not reported again. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "translator_p.h"

static bool ident_char(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* R"delim( ... )delim": from just after the quote to just after the closing quote. */
static size_t skip_raw_string(const char *t, size_t len, size_t i) {
  size_t d = i;
  while (d < len && t[d] != '(' && d - i < 16)
    d++;
  char *close = cm_xasprintf(")%.*s\"", (int)(d - i), t + i);
  const char *end = memmem(t + d, len - d, close, strlen(close));
  size_t next = end ? (size_t)(end - t) + strlen(close) : len;
  free(close);
  return next;
}

/* Skips a comment or a string/char literal starting at i; returns the new index. */
static size_t skip_non_code(const char *t, size_t len, size_t i) {
  if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
    while (i < len && t[i] != '\n')
      i++;
  } else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
    const char *end = memmem(t + i + 2, len - i - 2, "*/", 2);
    i = end ? (size_t)(end - t) + 2 : len;
  } else if (t[i] == 'R' && i + 1 < len && t[i + 1] == '"' && (i == 0 || !ident_char(t[i - 1]))) {
    i = skip_raw_string(t, len, i + 2);
  } else if (t[i] == '"' || t[i] == '\'') {
    char q = t[i++];
    while (i < len && t[i] != q && t[i] != '\n')
      i += t[i] == '\\' ? 2 : 1;
    i++;
  }
  return i;
}

static bool explained(const FilePlan *fp, const char *name, size_t n) {
  for (size_t i = 0; i < fp->uses.len; i++) {
    const PlannedUse *u = &fp->uses.items[i];
    if (!u->available && strlen(u->fact->name) == n && strncmp(u->fact->name, name, n) == 0)
      return true;
  }
  return false;
}

static bool fenced(const char *t, size_t at) {
  const char *off = NULL;
  for (const char *p = t; (p = strstr(p, "hipport off")) && (size_t)(p - t) < at; p++)
    off = p;
  if (!off)
    return false;
  const char *on = strstr(off, "hipport on");
  return !on || (size_t)(on - t) > at;
}

static void report(TranslateResult *res, const FilePlan *fp, const char *t, size_t at, size_t n) {
  unsigned line = 1, col = 1;
  for (size_t i = 0; i < at; i++, col++)
    if (t[i] == '\n')
      line++, col = 0;
  TrNote l = {cm_xstrdup(fp->src->rel), line, col, cm_xstrndup(t + at, n)};
  vec_push(&res->leftovers, l);
}

/* A namespace rule's name counts where C++ makes it one (`cub::`, `namespace cub`),
 * as the analyzer reads it without the tree: a variable called cub is no leftover. */
static bool namespace_use(const char *t, size_t len, size_t i, size_t j) {
  while (j < len && (t[j] == ' ' || t[j] == '\t'))
    j++;
  if (j + 1 < len && t[j] == ':' && t[j + 1] == ':')
    return true;
  while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t'))
    i--;
  return i >= 9 && memcmp(t + i - 9, "namespace", 9) == 0 && (i == 9 || !ident_char(t[i - 10]));
}

void find_leftovers(const FilePlan *fp, const RuleDb *db, const char *t, size_t len, TranslateResult *res) {
  if (fp->src->build)
    return; /* CUDA words left in a build file are the plan's findings already */
  for (size_t i = 0; i < len;) {
    size_t next = skip_non_code(t, len, i);
    if (next != i) {
      i = next;
      continue;
    }
    if (!ident_char(t[i]) || (i > 0 && ident_char(t[i - 1]))) {
      i++;
      continue;
    }
    size_t j = i;
    while (j < len && ident_char(t[j]))
      j++;
    const Rule *r = rl_lookup(db, t + i, j - i);
    bool member = i > 0 && (t[i - 1] == '.' || (i > 1 && t[i - 1] == '>' && t[i - 2] == '-'));
    bool not_namespace = r && r->kind == RK_NAMESPACE && !namespace_use(t, len, i, j);
    if (r && r->hip && strcmp(r->hip, r->cuda) != 0 && !member && !not_namespace && !explained(fp, t + i, j - i) &&
        !rl_warp_rewrite(db, r->cuda) && !fenced(t, i))
      report(res, fp, t, i, j - i);
    i = j;
  }
}
