/* hipport scan: the porting-effort report. Paths -> facts (analyzer) -> plan for
 * the target release -> one report. Exit 1 when --fail-on categories are found. */
#include <stdio.h>
#include <string.h>

#include "cli_p.h"

typedef struct {
  PipelineArgs pipe;
  const char *format, *output, *fail_on;
} ScanArgs;

static Status parse_args(int argc, char **argv, ScanArgs *a) {
  Status st = ST_OK;
  for (int i = 1; i < argc && !st; i++) {
    if (argv[i][0] != '-') {
      vec_push(&a->pipe.paths, argv[i]);
      continue;
    }
    if (pipeline_option(argc, argv, &i, &a->pipe, &st) || opt_value(argc, argv, &i, "--format", &a->format, &st) ||
        opt_value(argc, argv, &i, "-o", &a->output, &st) || opt_value(argc, argv, &i, "--output", &a->output, &st) ||
        opt_value(argc, argv, &i, "--fail-on", &a->fail_on, &st))
      continue;
    st = opt_unknown("scan", argv[i]);
  }
  if (!st && a->pipe.paths.len == 0)
    st = cm_fail(ST_USAGE, "scan: name a file or folder to scan, e.g. hipport scan .");
  const char *bad;
  if (!st && a->fail_on && !pl_known_categories(a->fail_on, &bad))
    st = cm_fail(ST_USAGE, "scan: --fail-on: unknown category '%s' (see docs/diagnostics.md)", bad);
  if (!st && !rp_find(a->format))
    st = cm_fail(ST_USAGE, "scan: unknown --format '%s' (one of %s)", a->format, rp_names());
  return st;
}

static Status run_scan(int argc, char **argv) {
  ScanArgs a = {.format = "text"};
  Status st = parse_args(argc, argv, &a);
  Pipeline p;
  if (!st && !(st = pipeline_run(&a.pipe, &(PlanOptions){0}, &p))) {
    st = write_report(a.format, a.output, &p.plan, p.db);
    if (!st && a.fail_on && pl_count_categories(&p.plan, a.fail_on) > 0)
      st = cm_fail(ST_FINDINGS, "scan: findings of --fail-on %s", a.fail_on);
    if (!st)
      st = pipeline_check_unreadable(&p);
    pipeline_free(&p);
  }
  vec_free(&a.pipe.paths);
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
