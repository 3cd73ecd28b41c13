/* hipport scan: the porting-effort report. Paths -> facts (analyzer) -> plan for
 * the target release -> one report. Exit 1 when --fail-on categories are found. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer.h"
#include "cli_p.h"
#include "plan.h"
#include "reports.h"

typedef struct {
  const char *db_path, *rocm, *format, *output, *fail_on, *compile_db, *cuda_path;
  int jobs;
  VEC(const char *) paths;
} ScanArgs;

static Status parse_jobs(const char *s, int *jobs) {
  char *end;
  long n = strtol(s, &end, 10);
  if (*end || n < 1 || n > 256)
    return cm_fail(ST_USAGE, "scan: -j wants a number of jobs from 1 to 256, not '%s'", s);
  *jobs = (int)n;
  return ST_OK;
}

static Status parse_args(int argc, char **argv, ScanArgs *a) {
  Status st = ST_OK;
  const char *jobs = NULL;
  for (int i = 1; i < argc && !st; i++) {
    if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0) {
      vec_push(&a->paths, argv[i]);
      continue;
    }
    if (opt_value(argc, argv, &i, "--rules-db", &a->db_path, &st) || opt_value(argc, argv, &i, "--rocm", &a->rocm, &st) ||
        opt_value(argc, argv, &i, "--format", &a->format, &st) || opt_value(argc, argv, &i, "-o", &a->output, &st) ||
        opt_value(argc, argv, &i, "--output", &a->output, &st) || opt_value(argc, argv, &i, "--fail-on", &a->fail_on, &st) ||
        opt_value(argc, argv, &i, "-p", &a->compile_db, &st) || opt_value(argc, argv, &i, "--cuda-path", &a->cuda_path, &st) ||
        opt_value(argc, argv, &i, "-j", &jobs, &st) || opt_value(argc, argv, &i, "--jobs", &jobs, &st))
      continue;
    if (strncmp(argv[i], "-j", 2) == 0 && argv[i][2]) /* make's -j4 */
      jobs = argv[i] + 2;
    else
      st = opt_unknown("scan", argv[i]);
  }
  if (!st && jobs)
    st = parse_jobs(jobs, &a->jobs);
  if (!st && a->paths.len == 0)
    st = cm_fail(ST_USAGE, "scan: name a file or folder to scan, e.g. hipport scan .");
  const char *bad;
  if (!st && a->fail_on && !pl_known_categories(a->fail_on, &bad))
    st = cm_fail(ST_USAGE, "scan: --fail-on: unknown category '%s' (see docs/diagnostics.md)", bad);
  if (!st && !rp_find(a->format))
    st = cm_fail(ST_USAGE, "scan: unknown --format '%s' (one of %s)", a->format, rp_names());
  return st;
}

const char *cli_compat_include(void) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/compat", cm_exe_dir());
  if (access(path, R_OK) != 0)
    snprintf(path, sizeof path, "%s/../share/hipport/compat", cm_exe_dir());
  return path;
}

/* The report goes to a temporary file renamed into place, so a failed run never
 * leaves half a report where a good one was. */
static Status write_report(const ScanArgs *a, const Plan *plan, const RuleDb *db) {
  const Reporter *r = rp_find(a->format);
  if (!a->output || strcmp(a->output, "-") == 0)
    return r->write(stdout, plan, db);
  char *tmp = cm_xasprintf("%s.hipport-tmp", a->output);
  FILE *out = fopen(tmp, "w");
  Status st = out ? r->write(out, plan, db) : cm_fail(ST_INPUT, "%s: cannot write the report here", a->output);
  if (out && fclose(out) != 0 && !st)
    st = cm_fail(ST_ENV, "%s: write failed", a->output);
  if (!st && rename(tmp, a->output) != 0)
    st = cm_fail(ST_INPUT, "%s: cannot write the report here", a->output);
  if (st)
    unlink(tmp);
  free(tmp);
  return st;
}

static Status scan(ScanArgs *a, RuleDb *db) {
  PlanOptions popt = {.target = rl_newest_release(db)};
  if (a->rocm && !rl_resolve_release(db, a->rocm, &popt.target))
    return cm_fail(ST_USAGE, "scan: ROCm release '%s' is not one the rules know (see hipport rules releases)", a->rocm);
  ScanOptions sopt = {.cuda_path = a->cuda_path, .compile_db = a->compile_db, .compat_include = cli_compat_include(),
                      .jobs = a->jobs, .progress = isatty(STDERR_FILENO)};
  Facts facts;
  Status st = an_scan(a->paths.items, a->paths.len, &sopt, db, &facts);
  if (st)
    return st;
  Plan plan;
  if (!(st = pl_build(&facts, db, &popt, &plan))) {
    st = write_report(a, &plan, db);
    if (!st && a->fail_on && pl_count_categories(&plan, a->fail_on) > 0)
      st = cm_fail(ST_FINDINGS, "scan: findings of --fail-on %s", a->fail_on);
    pl_free(&plan);
  }
  an_facts_free(&facts);
  return st;
}

static Status run_scan(int argc, char **argv) {
  ScanArgs a = {.format = "text", .jobs = 2};
  Status st = parse_args(argc, argv, &a);
  RuleDb *db = NULL;
  if (!st)
    st = cli_open_rules(a.db_path, &db);
  if (!st)
    st = scan(&a, db);
  rl_close(db);
  vec_free(&a.paths);
  return st;
}

const Command cmd_scan = {
    .name = "scan",
    .summary = "report every CUDA use, what maps to HIP, the hazards and an effort estimate",
    .usage = "usage: hipport scan PATH... [options]\n"
             "  -p BUILD_DIR        parse with the flags of BUILD_DIR/compile_commands.json\n"
             "  --cuda-path DIR     CUDA Toolkit root (default: $CUDA_PATH, then /usr/local/cuda)\n"
             "  --rocm VER          target ROCm release (default: the newest the rules know)\n"
             "  --format text|json  report format (default text)\n"
             "  -o FILE             write the report to FILE (default: standard output)\n"
             "  --fail-on CAT[,..]  exit 1 when findings of these categories exist (any: all)\n"
             "  -j N                parse N files at once (default 2)\n"
             "  --rules-db FILE     the rule database (default: beside the binary)\n",
    .run = run_scan,
};
