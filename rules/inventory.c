/* What the rules hold, counted and compared across releases: per library, the
 * names a release makes available (hipport rules stats), and what the releases
 * between two make available, rename or remove (hipport rules diff). The
 * counting is here; reports/ words it. */
#include <string.h>

#include "rules.h"

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

static bool change_of(const RuleDb *db, const Rule *r, Version from, Version to, RuleChange *out) {
  bool a = available(r, from), b = available(r, to);
  *out = (RuleChange){.rule = r, .before = rl_hip_name(r, from), .after = rl_hip_name(r, to)};
  if (!a && b)
    out->kind = RC_AVAILABLE, out->release = first_release(db, r, from, to, became_available);
  else if (a && !b)
    out->kind = RC_REMOVED, out->release = first_release(db, r, from, to, went_away);
  else if (a && b && renamed(r, from, to))
    out->kind = RC_RENAMED, out->release = first_release(db, r, from, to, renamed);
  else
    return false;
  return true;
}

static int by_library_release(const void *x, const void *y) {
  const RuleChange *a = x, *b = y;
  int c = strcmp(a->rule->library, b->rule->library);
  if (c)
    return c;
  if (a->release != b->release)
    return a->release < b->release ? -1 : 1;
  if (a->kind != b->kind)
    return (int)a->kind - (int)b->kind;
  return strcmp(a->rule->cuda, b->rule->cuda);
}

void rl_diff(const RuleDb *db, Version from, Version to, RuleChanges *out) {
  *out = (RuleChanges){0};
  for (size_t i = 0; i < rl_rule_count(db); i++) {
    RuleChange c;
    if (change_of(db, rl_rule(db, i), from, to, &c))
      vec_push(out, c);
  }
  vec_sort(out, by_library_release);
}

void rl_library_counts(const RuleDb *db, Version release, LibraryCounts *out) {
  *out = (LibraryCounts){0};
  for (size_t i = 0; i < rl_rule_count(db); i++) {
    const Rule *r = rl_rule(db, i);
    size_t k = 0;
    while (k < out->len && strcmp(out->items[k].library, r->library) != 0)
      k++;
    if (k == out->len)
      vec_push(out, ((LibraryCount){.library = r->library}));
    out->items[k].names++;
    out->items[k].available += available(r, release);
  }
}
