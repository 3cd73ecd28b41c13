/* hipport rules: look up names, count what each ROCm release offers, say what
 * changed between two releases, and hold the rules against the HIP headers
 * actually installed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_p.h"

/* Every name is looked up; the exit code says whether any was unknown. */
static Status rules_lookup(RuleDb *db, int nwords, const char **words) {
  Status st = ST_OK;
  if (nwords == 0)
    return cm_fail(ST_USAGE, "rules lookup: name a CUDA API, e.g. hipport rules lookup cudaMalloc");
  for (int i = 0; i < nwords; i++) {
    const Rule *r = rl_lookup(db, words[i], strlen(words[i]));
    const HeaderRule *h = rl_lookup_header(db, words[i], strlen(words[i]));
    for (const Rule *k = r; k; k = rl_lookup_next(db, k))
      rp_rule(stdout, db, k);
    if (h)
      rp_header_rule(stdout, h);
    if (!r && !h) {
      printf("%s: not in the rule database\n", words[i]);
      st = cm_fail(ST_INPUT, "rules lookup: unknown name '%s'", words[i]);
    }
  }
  return st;
}

static Status rules_stats(RuleDb *db, const char *rocm) {
  Version release = rl_newest_release(db);
  if (rocm && !rl_resolve_release(db, rocm, &release))
    return cm_fail(ST_USAGE, "rules stats: ROCm release '%s' is not one the rules know (see hipport rules releases)", rocm);
  LibraryCounts counts;
  rl_library_counts(db, release, &counts);
  rp_rules_stats(stdout, db, release, &counts);
  vec_free(&counts);
  return ST_OK;
}

static Status rules_diff(RuleDb *db, const char *from_text, const char *to_text, bool summary) {
  Version from, to;
  if (!rl_resolve_release(db, from_text, &from) || !rl_resolve_release(db, to_text, &to))
    return cm_fail(ST_USAGE, "rules diff: '%s' is not a release the rules know (see hipport rules releases)",
                   !rl_resolve_release(db, from_text, &from) ? from_text : to_text);
  if (from >= to)
    return cm_fail(ST_USAGE, "rules diff: name the older release first, e.g. hipport rules diff 6.3 7.1");
  RuleChanges changes;
  rl_diff(db, from, to, &changes);
  rp_rules_diff(stdout, from, to, &changes, summary);
  vec_free(&changes);
  return ST_OK;
}

static Status rules_check(RuleDb *db, const char *hip_path, const char *rocm_path, const char *cuda_path, bool list) {
  RulesCheck check;
  Status st = pl_rules_check(db, hip_path, rocm_path, cuda_path, cli_compat_include(), &check);
  if (!st)
    rp_rules_check(stdout, &check, list);
  pl_rules_check_free(&check);
  return st;
}

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
    return rules_lookup(db, nwords, words);
  if (diff)
    return rules_diff(db, words[0], words[1], a->summary);
  if (strcmp(verb, "stats") == 0)
    return rules_stats(db, a->rocm);
  if (strcmp(verb, "releases") == 0)
    return rp_rules_releases(stdout, db), ST_OK;
  if (strcmp(verb, "check") == 0)
    return rules_check(db, a->hip_path, a->rocm_path, an_cuda_path(a->cuda_path), a->list);
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
