/* hipport rules: look up names, count what each ROCm release offers, say what
 * changed between two releases, and hold the rules against the HIP headers
 * actually installed. */
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

static void print_earlier(const Rule *r) {
  for (unsigned i = 0; i < r->nearlier; i++) {
    char a[16], u[16];
    rl_version_format(r->earlier[i].added, a, sizeof a);
    rl_version_format(r->earlier[i].until, u, sizeof u);
    printf("  earlier HIP name %s: ROCm %s up to %s\n", r->earlier[i].hip, *a ? a : "(first release)", u);
  }
}

static void print_rule(const RuleDb *db, const Rule *r) {
  printf("%s -> %s\n", r->cuda,
         r->hip ? r->hip : r->kind == RK_ANNOTATION ? "(nothing: HIP needs none)" : "(no HIP counterpart)");
  printf("  library %s, %s, section \"%s\"\n", r->library, rl_kind_name(r->kind), r->section);
  if (r->origin)
    printf("  from the user rule at %s\n", r->origin);
  print_versions(rl_cuda_releases(db, r->library), r->cuda_added, r->cuda_deprecated, r->cuda_changed, r->cuda_removed);
  if (r->hip)
    print_versions("HIP", r->hip_added, r->hip_deprecated, r->hip_changed, r->hip_removed);
  print_earlier(r);
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
      print_rule(db, r);
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
  char v[16], *data = rl_describe(db);
  rl_version_format(release, v, sizeof v);
  printf("rule data: %s\n\n", data);
  free(data);
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

Status rules_check(RuleDb *db, const char *hip_path, const char *rocm_path, const char *cuda_path,
                   const char *compat, bool verbose);
Status rules_diff(RuleDb *db, const char *from, const char *to, bool summary);

typedef VEC(const char *) Words;

typedef struct {
  const char *db_path, *rocm, *hip_path, *rocm_path, *cuda_path;
  bool list, summary;
  VEC(const char *) rules;
  Words words;  /* the verb, then its words */
} RulesArgs;

enum { RO_RULES = 256, RO_RULES_DB, RO_ROCM, RO_HIP_PATH, RO_ROCM_PATH, RO_CUDA_PATH, RO_LIST, RO_SUMMARY };

static const CliOption options[] = {
    {"rules", RO_RULES, true, false},
    {"rules-db", RO_RULES_DB, true, false},
    {"rocm", RO_ROCM, true, false},
    {"hip-path", RO_HIP_PATH, true, false},
    {"rocm-path", RO_ROCM_PATH, true, false},
    {"cuda-path", RO_CUDA_PATH, true, false},
    {"list", RO_LIST, false, false},
    {"summary", RO_SUMMARY, false, false},
};

static Status set_option(void *ctx, const char *cmd, int key, const char *value) {
  RulesArgs *a = ctx;
  (void)cmd;
  switch (key) {
  case CLI_OPERAND: vec_push(&a->words, value); break;
  case RO_RULES: vec_push(&a->rules, value); break;
  case RO_RULES_DB: a->db_path = value; break;
  case RO_ROCM: a->rocm = value; break;
  case RO_HIP_PATH: a->hip_path = value; break;
  case RO_ROCM_PATH: a->rocm_path = value; break;
  case RO_CUDA_PATH: a->cuda_path = value; break;
  case RO_LIST: a->list = true; break;
  case RO_SUMMARY: a->summary = true; break;
  }
  return ST_OK;
}

static Status run_verb(RuleDb *db, const char *verb, const RulesArgs *a, int nwords, const char **words) {
  bool lookup = strcmp(verb, "lookup") == 0, diff = strcmp(verb, "diff") == 0;
  if (!lookup && !diff && nwords > 0)
    return opt_unknown("rules", words[0]);
  if (diff && nwords != 2)
    return cm_fail(ST_USAGE, "rules diff: name two releases, e.g. hipport rules diff 6.3 7.1");
  if (lookup)
    return rules_lookup(db, nwords, (char **)words, 0);
  if (diff)
    return rules_diff(db, words[0], words[1], a->summary);
  if (strcmp(verb, "stats") == 0)
    return rules_stats(db, a->rocm);
  if (strcmp(verb, "releases") == 0)
    return rules_releases(db);
  if (strcmp(verb, "check") == 0)
    return rules_check(db, a->hip_path, a->rocm_path, an_cuda_path(a->cuda_path), cli_compat_include(), a->list);
  return cm_fail(ST_USAGE, "rules: unknown verb '%s' (lookup, stats, diff, check, releases)", verb);
}

static Status run_rules(int argc, char **argv) {
  RulesArgs a = {0};
  RuleDb *db = NULL;
  CliGroup group = CLI_GROUP(options, set_option, &a);
  Status st = cli_parse(&(CliParse){.groups = &group, .ngroups = 1}, argc, argv);
  if (!st && a.words.len == 0)
    st = cm_fail(ST_USAGE, "rules: say lookup, stats, diff, check or releases (see hipport rules --help)");
  if (!st)
    st = cli_open_rules(a.db_path, &db);
  for (size_t i = 0; i < a.rules.len && !st; i++)
    st = rl_load_user_rules(db, a.rules.items[i], "--rules");
  if (!st)
    st = run_verb(db, a.words.items[0], &a, (int)a.words.len - 1, a.words.items + 1);
  rl_close(db);
  vec_free(&a.words);
  vec_free(&a.rules);
  return st;
}

const Command cmd_rules = {
    .name = "rules",
    .summary = "look up CUDA names, count what a ROCm release offers, diff releases, check against HIP headers",
    .usage = "usage: hipport rules lookup NAME...        a name's HIP counterpart and its releases\n"
             "       hipport rules stats [--rocm VER]    the rule data, and per library the names with a\n"
             "                                           HIP counterpart in VER (default: the newest)\n"
             "       hipport rules diff OLD NEW          per library, what the releases after OLD up to NEW\n"
             "                                           make available, rename and remove (--summary:\n"
             "                                           the counts only)\n"
             "       hipport rules check [--hip-path DIR] rules against the HIP headers of a ROCm root\n"
             "                                           (default: the HIP installed, as the target is\n"
             "                                           found: --rocm-path, $ROCM_PATH, /opt/rocm, /usr);\n"
             "                                           --list names each difference; with the CUDA\n"
             "                                           headers (--cuda-path DIR, $CUDA_PATH,\n"
             "                                           /usr/local/cuda), also the CUDA names no rule\n"
             "                                           knows that HIP declares as they are\n"
             "       hipport rules releases              the ROCm releases the rules know\n"
             "options:\n"
             "  --rules-db FILE   the rule database (default: hipport-rules.db beside the binary)\n"
             "  --rules FILE      a user rule file on top (docs/user-rules.md); repeatable\n",
    .run = run_rules,
};
