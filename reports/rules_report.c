/* What `hipport rules` prints: a rule looked up, the counts per library for a
 * release, the releases, what changed between two releases, and the rules
 * held against the installed HIP headers. */
#include <stdlib.h>
#include <string.h>

#include "reports.h"

static void put_versions(FILE *out, const char *side, Version added, Version deprecated, Version changed,
                         Version removed) {
  char a[16], d[16], c[16], r[16];
  rl_version_format(added, a, sizeof a);
  rl_version_format(deprecated, d, sizeof d);
  rl_version_format(changed, c, sizeof c);
  rl_version_format(removed, r, sizeof r);
  fprintf(out, "  %-5s added %-8s deprecated %-8s changed %-8s removed %s\n", side, *a ? a : "-", *d ? d : "-",
          *c ? c : "-", *r ? r : "-");
}

static void put_earlier(FILE *out, const Rule *r) {
  for (unsigned i = 0; i < r->nearlier; i++) {
    char a[16], u[16];
    rl_version_format(r->earlier[i].added, a, sizeof a);
    rl_version_format(r->earlier[i].until, u, sizeof u);
    fprintf(out, "  earlier HIP name %s: ROCm %s up to %s\n", r->earlier[i].hip, *a ? a : "(first release)", u);
  }
}

void rp_rule(FILE *out, const RuleDb *db, const Rule *r) {
  fprintf(out, "%s -> %s\n", r->cuda,
          r->hip ? r->hip : r->kind == RK_ANNOTATION ? "(nothing: HIP needs none)" : "(no HIP counterpart)");
  fprintf(out, "  library %s, %s, section \"%s\"\n", r->library, rl_kind_name(r->kind), r->section);
  if (r->origin)
    fprintf(out, "  from the user rule at %s\n", r->origin);
  put_versions(out, rl_cuda_releases(db, r->library), r->cuda_added, r->cuda_deprecated, r->cuda_changed,
               r->cuda_removed);
  if (r->hip)
    put_versions(out, "HIP", r->hip_added, r->hip_deprecated, r->hip_changed, r->hip_removed);
  put_earlier(out, r);
  if (r->hip_experimental) {
    char e[16];
    rl_version_format(r->hip_experimental, e, sizeof e);
    fprintf(out, "  HIP counterpart experimental since %s\n", e);
  }
  if (r->backend_name)
    fprintf(out, "  %s backend: %s\n", r->backend, r->backend_name);
}

void rp_header_rule(FILE *out, const HeaderRule *h) {
  fprintf(out, "%s -> %s\n", h->cuda, h->hip ? h->hip : "(no HIP counterpart)");
  fprintf(out, "  header, library %s%s%s\n", h->library, h->roc ? ", roc backend " : "", h->roc ? h->roc : "");
  if (*h->note)
    fprintf(out, "  %s\n", h->note);
}

void rp_rules_stats(FILE *out, const RuleDb *db, Version release, const LibraryCounts *counts) {
  char v[16], *data = rl_describe(db);
  rl_version_format(release, v, sizeof v);
  fprintf(out, "rule data: %s\n\n", data);
  free(data);
  fprintf(out, "CUDA names with a HIP counterpart available in ROCm %s\n\n", v);
  fprintf(out, "%-14s %8s %10s %7s\n", "library", "names", "available", "%");
  size_t total = 0, avail = 0;
  for (size_t i = 0; i < counts->len; i++) {
    const LibraryCount *c = &counts->items[i];
    fprintf(out, "%-14s %8zu %10zu %6.1f%%\n", c->library, c->names, c->available,
            100.0 * (double)c->available / (double)c->names);
    total += c->names;
    avail += c->available;
  }
  fprintf(out, "%-14s %8zu %10zu %6.1f%%\n", "all", total, avail, 100.0 * (double)avail / (double)total);
}

void rp_rules_releases(FILE *out, const RuleDb *db) {
  for (size_t i = 0; i < rl_release_count(db); i++) {
    char v[16];
    rl_version_format(rl_release(db, i), v, sizeof v);
    fprintf(out, "%s\n", v);
  }
}

/* Counts per library, then all: the changes come sorted by library. */
static void put_change_table(FILE *out, const RuleChanges *ch) {
  static const char *heads[] = {"available", "renamed", "removed"}; /* ORDER RULE_CHANGE */
  fprintf(out, "%-14s %10s %8s %8s\n", "library", heads[0], heads[1], heads[2]);
  size_t all[3] = {0}, lib[3] = {0};
  for (size_t i = 0; i < ch->len; i++) {
    const RuleChange *c = &ch->items[i];
    lib[c->kind]++;
    all[c->kind]++;
    if (i + 1 == ch->len || strcmp(c->rule->library, ch->items[i + 1].rule->library) != 0) {
      fprintf(out, "%-14s %10zu %8zu %8zu\n", c->rule->library, lib[0], lib[1], lib[2]);
      memset(lib, 0, sizeof lib);
    }
  }
  fprintf(out, "%-14s %10zu %8zu %8zu\n", "all", all[0], all[1], all[2]);
}

static void put_changes(FILE *out, const RuleChanges *ch) {
  for (size_t i = 0; i < ch->len; i++) {
    const RuleChange *c = &ch->items[i];
    if (i == 0 || strcmp(c->rule->library, ch->items[i - 1].rule->library) != 0)
      fprintf(out, "\n%s\n", c->rule->library);
    char v[16];
    rl_version_format(c->release, v, sizeof v);
    if (c->kind == RC_AVAILABLE)
      fprintf(out, "  %-7s available  %s -> %s\n", v, c->rule->cuda, c->after);
    else if (c->kind == RC_RENAMED)
      fprintf(out, "  %-7s renamed    %s: %s -> %s\n", v, c->rule->cuda, c->before, c->after);
    else
      fprintf(out, "  %-7s removed    %s (was %s)\n", v, c->rule->cuda, c->before);
  }
}

void rp_rules_diff(FILE *out, Version from, Version to, const RuleChanges *changes, bool summary) {
  char a[16], b[16];
  rl_version_format(from, a, sizeof a);
  rl_version_format(to, b, sizeof b);
  fprintf(out,
          "ROCm %s -> %s: HIP counterparts of CUDA names the releases after %s make available, rename and remove\n\n",
          a, b, a);
  put_change_table(out, changes);
  if (!summary)
    put_changes(out, changes);
}

void rp_rules_check(FILE *out, const RulesCheck *c, bool list) {
  char v[16];
  rl_version_format(c->release, v, sizeof v);
  fprintf(out, "rules against the HIP %s headers in %s (%zu declarations)\n\n", v, c->include_dir, c->declarations);
  for (size_t i = 0; list && i < c->names.len; i++) {
    const CheckName *n = &c->names.items[i];
    if (n->kind == CN_MISSING)
      fprintf(out, "missing   %-14s %s (for %s)\n", n->library, n->name, n->cuda);
    else if (n->kind == CN_UNMAPPED)
      fprintf(out, "unmapped  %-14s %s\n", n->library, n->name);
    else
      fprintf(out, "same-name %-14s %s\n", "", n->name);
  }
  if (c->cuda_checked)
    fprintf(out, "CUDA names no rule knows that HIP declares under the same spelling: %zu%s\n\n", c->same_names,
            list || !c->same_names ? "" : " (--list names them)");
  fprintf(out, "%-14s %8s %22s %26s\n", "library", "checked", "missing from headers", "declared, not in rules");
  for (size_t i = 0; i < c->tallies.len; i++) {
    const CheckTally *t = &c->tallies.items[i];
    fprintf(out, "%-14s %8zu %22zu %26zu\n", t->library, t->checked, t->missing, t->extra);
  }
}
