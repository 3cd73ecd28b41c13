/* hipport rules diff OLD NEW: what the releases after OLD, up to and including
 * NEW, change for CUDA names, per library and release: a HIP counterpart that
 * becomes available, one whose HIP name changes (hipblasCaxpy_v2 ->
 * hipblasCaxpy in 7.0.0), and one that goes away. A table of counts first, then
 * each name under its library and release. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_p.h"

typedef enum { CH_AVAILABLE, CH_RENAMED, CH_REMOVED } ChangeKind; /* ORDER CHANGE */

typedef struct {
  const Rule *rule;
  ChangeKind kind;
  Version release;          /* the first release after OLD where it shows */
  const char *before, *after;
} Change;

typedef struct {
  const char *library;
  size_t count[3];
} LibraryTally;

/* The first known release in (from, to] where `differs` holds. */
static Version first_release(const RuleDb *db, const Rule *r, Version from, Version to,
                             bool (*differs)(const Rule *, Version, Version)) {
  for (size_t i = 0; i < rl_release_count(db); i++) {
    Version v = rl_release(db, i);
    if (v > from && v <= to && differs(r, from, v))
      return v;
  }
  return to;
}

static bool available(const Rule *r, Version v) { return rl_availability(r, v) == AV_MAPPED; }
static bool became_available(const Rule *r, Version from, Version v) { return available(r, v); }
static bool went_away(const Rule *r, Version from, Version v) { return !available(r, v); }
static bool renamed(const Rule *r, Version from, Version v) {
  const char *a = rl_hip_name(r, from), *b = rl_hip_name(r, v);
  return a && b && strcmp(a, b) != 0;
}

static bool change_of(const RuleDb *db, const Rule *r, Version from, Version to, Change *out) {
  bool a = available(r, from), b = available(r, to);
  *out = (Change){.rule = r, .before = rl_hip_name(r, from), .after = rl_hip_name(r, to)};
  if (!a && b)
    out->kind = CH_AVAILABLE, out->release = first_release(db, r, from, to, became_available);
  else if (a && !b)
    out->kind = CH_REMOVED, out->release = first_release(db, r, from, to, went_away);
  else if (a && b && renamed(r, from, to))
    out->kind = CH_RENAMED, out->release = first_release(db, r, from, to, renamed);
  else
    return false;
  return true;
}

static int by_library_release(const void *x, const void *y) {
  const Change *a = x, *b = y;
  int c = strcmp(a->rule->library, b->rule->library);
  if (c)
    return c;
  if (a->release != b->release)
    return a->release < b->release ? -1 : 1;
  if (a->kind != b->kind)
    return (int)a->kind - (int)b->kind;
  return strcmp(a->rule->cuda, b->rule->cuda);
}

static void print_table(const Change *ch, size_t n) {
  static const char *heads[] = {"available", "renamed", "removed"}; /* ORDER CHANGE */
  printf("%-14s %10s %8s %8s\n", "library", heads[0], heads[1], heads[2]);
  LibraryTally all = {.library = "all"}, lib = {0};
  for (size_t i = 0; i <= n; i++) {
    if (i == n || (lib.library && strcmp(lib.library, ch[i].rule->library) != 0)) {
      if (lib.library)
        printf("%-14s %10zu %8zu %8zu\n", lib.library, lib.count[0], lib.count[1], lib.count[2]);
      if (i == n)
        break;
      lib = (LibraryTally){0};
    }
    lib.library = ch[i].rule->library;
    lib.count[ch[i].kind]++;
    all.count[ch[i].kind]++;
  }
  printf("%-14s %10zu %8zu %8zu\n", all.library, all.count[0], all.count[1], all.count[2]);
}

static void print_changes(const Change *ch, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const Change *c = &ch[i];
    if (i == 0 || strcmp(c->rule->library, ch[i - 1].rule->library) != 0)
      printf("\n%s\n", c->rule->library);
    char v[16];
    rl_version_format(c->release, v, sizeof v);
    if (c->kind == CH_AVAILABLE)
      printf("  %-7s available  %s -> %s\n", v, c->rule->cuda, c->after);
    else if (c->kind == CH_RENAMED)
      printf("  %-7s renamed    %s: %s -> %s\n", v, c->rule->cuda, c->before, c->after);
    else
      printf("  %-7s removed    %s (was %s)\n", v, c->rule->cuda, c->before);
  }
}

Status rules_diff(RuleDb *db, const char *from_text, const char *to_text, bool summary) {
  Version from, to;
  if (!rl_resolve_release(db, from_text, &from) || !rl_resolve_release(db, to_text, &to))
    return cm_fail(ST_USAGE, "rules diff: '%s' is not a release the rules know (see hipport rules releases)",
                   !rl_resolve_release(db, from_text, &from) ? from_text : to_text);
  if (from >= to)
    return cm_fail(ST_USAGE, "rules diff: name the older release first, e.g. hipport rules diff 6.3 7.1");
  VEC(Change) changes = {0};
  for (size_t i = 0; i < rl_rule_count(db); i++) {
    Change c;
    if (change_of(db, rl_rule(db, i), from, to, &c))
      vec_push(&changes, c);
  }
  vec_sort(&changes, by_library_release);
  char a[16], b[16];
  rl_version_format(from, a, sizeof a);
  rl_version_format(to, b, sizeof b);
  printf("ROCm %s -> %s: HIP counterparts of CUDA names the releases after %s make available, rename and remove\n\n", a,
         b, a);
  print_table(changes.items, changes.len);
  if (!summary)
    print_changes(changes.items, changes.len);
  vec_free(&changes);
  return ST_OK;
}
