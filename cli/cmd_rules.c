/* hipport rules: look up names, count what each ROCm release offers, and hold the
 * rules against the HIP headers actually installed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer.h"
#include "cli_p.h"
#include "rules.h"

static void print_versions(const char *side, Version added, Version deprecated, Version changed, Version removed) {
  char a[16], d[16], c[16], r[16];
  rl_version_format(added, a, sizeof a);
  rl_version_format(deprecated, d, sizeof d);
  rl_version_format(changed, c, sizeof c);
  rl_version_format(removed, r, sizeof r);
  printf("  %-5s added %-8s deprecated %-8s changed %-8s removed %s\n", side, *a ? a : "-", *d ? d : "-",
         *c ? c : "-", *r ? r : "-");
}

static void print_rule(const Rule *r) {
  printf("%s -> %s\n", r->cuda,
         r->hip ? r->hip : r->kind == RK_ANNOTATION ? "(nothing: HIP needs none)" : "(no HIP counterpart)");
  printf("  library %s, %s, section \"%s\"\n", r->library, rl_kind_name(r->kind), r->section);
  print_versions("CUDA", r->cuda_added, r->cuda_deprecated, r->cuda_changed, r->cuda_removed);
  if (r->hip)
    print_versions("HIP", r->hip_added, r->hip_deprecated, r->hip_changed, r->hip_removed);
  if (r->hip_experimental) {
    char e[16];
    rl_version_format(r->hip_experimental, e, sizeof e);
    printf("  HIP counterpart experimental since %s\n", e);
  }
  if (r->backend_name)
    printf("  %s backend: %s\n", r->backend, r->backend_name);
}

static void print_header(const HeaderRule *h) {
  printf("%s -> %s\n", h->cuda, h->hip ? h->hip : "(no HIP counterpart)");
  printf("  header, library %s%s%s\n", h->library, h->roc ? ", roc backend " : "", h->roc ? h->roc : "");
  if (*h->note)
    printf("  %s\n", h->note);
}

/* Every name is looked up; the exit code says whether any was unknown. */
static Status rules_lookup(RuleDb *db, int argc, char **argv, int first) {
  Status st = ST_OK;
  if (first >= argc)
    return cm_fail(ST_USAGE, "rules lookup: name a CUDA API, e.g. hipport rules lookup cudaMalloc");
  for (int i = first; i < argc; i++) {
    const Rule *r = rl_lookup(db, argv[i], strlen(argv[i]));
    const HeaderRule *h = rl_lookup_header(db, argv[i], strlen(argv[i]));
    for (; r; r = rl_lookup_next(db, r))
      print_rule(r);
    if (h)
      print_header(h);
    if (!rl_lookup(db, argv[i], strlen(argv[i])) && !h) {
      printf("%s: not in the rule database\n", argv[i]);
      st = cm_fail(ST_INPUT, "rules lookup: unknown name '%s'", argv[i]);
    }
  }
  return st;
}

typedef struct {
  const char *library;
  size_t names, available;
} LibraryCount;

static LibraryCount *count_for(LibraryCount *counts, size_t *n, const char *library) {
  for (size_t i = 0; i < *n; i++)
    if (strcmp(counts[i].library, library) == 0)
      return &counts[i];
  counts[*n] = (LibraryCount){.library = library};
  return &counts[(*n)++];
}

static Status rules_stats(RuleDb *db, const char *rocm) {
  Version release = rl_newest_release(db);
  if (rocm && !rl_resolve_release(db, rocm, &release))
    return cm_fail(ST_USAGE, "rules stats: ROCm release '%s' is not one the rules know (see hipport rules releases)", rocm);
  LibraryCount counts[64];
  size_t n = 0, total = 0, avail = 0;
  for (size_t i = 0; i < rl_rule_count(db) && n < 64; i++) {
    const Rule *r = rl_rule(db, i);
    LibraryCount *c = count_for(counts, &n, r->library);
    c->names++;
    c->available += rl_availability(r, release) == AV_MAPPED;
  }
  char v[16];
  rl_version_format(release, v, sizeof v);
  printf("CUDA names with a HIP counterpart available in ROCm %s\n\n", v);
  printf("%-14s %8s %10s %7s\n", "library", "names", "available", "%");
  for (size_t i = 0; i < n; i++) {
    printf("%-14s %8zu %10zu %6.1f%%\n", counts[i].library, counts[i].names, counts[i].available,
           100.0 * (double)counts[i].available / (double)counts[i].names);
    total += counts[i].names;
    avail += counts[i].available;
  }
  printf("%-14s %8zu %10zu %6.1f%%\n", "all", total, avail, 100.0 * (double)avail / (double)total);
  return ST_OK;
}

static Status rules_releases(RuleDb *db) {
  for (size_t i = 0; i < rl_release_count(db); i++) {
    char v[16];
    rl_version_format(rl_release(db, i), v, sizeof v);
    printf("%s\n", v);
  }
  return ST_OK;
}

Status rules_check(RuleDb *db, const char *hip_path, bool verbose);

static Status run_rules(int argc, char **argv) {
  const char *db_path = NULL, *rocm = NULL, *hip_path = NULL;
  bool verbose = false;
  Status st = ST_OK;
  if (argc < 2)
    return cm_fail(ST_USAGE, "rules: say lookup, stats, check or releases (see hipport rules --help)");
  const char *verb = argv[1];
  int first = 2, i = 2;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (opt_value(argc, argv, &i, "--rules-db", &db_path, &st) || opt_value(argc, argv, &i, "--rocm", &rocm, &st) ||
        opt_value(argc, argv, &i, "--hip-path", &hip_path, &st)) {
      if (st)
        return st;
      continue;
    }
    if (opt_flag(argv, i, "--list")) {
      verbose = true;
      continue;
    }
    return opt_unknown("rules", argv[i]);
  }
  first = i;
  if (strcmp(verb, "lookup") && first < argc)
    return opt_unknown("rules", argv[first]);
  RuleDb *db;
  if ((st = cli_open_rules(db_path, &db)))
    return st;
  if (strcmp(verb, "lookup") == 0)
    st = rules_lookup(db, argc, argv, first);
  else if (strcmp(verb, "stats") == 0)
    st = rules_stats(db, rocm);
  else if (strcmp(verb, "releases") == 0)
    st = rules_releases(db);
  else if (strcmp(verb, "check") == 0)
    st = rules_check(db, hip_path, verbose);
  else
    st = cm_fail(ST_USAGE, "rules: unknown verb '%s' (lookup, stats, check, releases)", verb);
  rl_close(db);
  return st;
}

const Command cmd_rules = {
    .name = "rules",
    .summary = "look up CUDA names, count what a ROCm release offers, check rules against HIP headers",
    .usage = "usage: hipport rules lookup NAME...        a name's HIP counterpart and its releases\n"
             "       hipport rules stats [--rocm VER]    per library: names with a HIP counterpart in VER\n"
             "       hipport rules check [--hip-path DIR] rules against the HIP headers installed in DIR\n"
             "                                           (default /usr/include, Debian's HIP);\n"
             "                                           --list names each difference\n"
             "       hipport rules releases              the ROCm releases the rules know\n"
             "options:\n"
             "  --rules-db FILE   the rule database (default: hipport-rules.db beside the binary)\n",
    .run = run_rules,
};
