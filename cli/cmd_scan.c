/* hipport scan: the porting-effort report. Paths -> facts (analyzer) -> plan for
 * the target release -> one report. Exit 1 when --fail-on categories are found. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_p.h"

typedef struct {
  PipelineArgs pipe;
  Terminal term;
  const char *format, *output, *fail_on, *db_path, *csv_table;
  bool no_db;
} ScanArgs;

enum { SO_FORMAT = 256, SO_FAIL_ON, SO_CSV_TABLE, SO_DB, SO_NO_DB };

static const CliOption options[] = {
    {"output", 'o', true, false},
    {"format", SO_FORMAT, true, false},
    {"fail-on", SO_FAIL_ON, true, false},
    {"csv-table", SO_CSV_TABLE, true, false},
    {"db", SO_DB, true, false},
    {"no-db", SO_NO_DB, false, false},
};

static Status set_option(void *ctx, const char *cmd, int key, const char *value) {
  ScanArgs *a = ctx;
  (void)cmd;
  switch (key) {
  case 'o': a->output = value; break;
  case SO_FORMAT: a->format = value; break;
  case SO_FAIL_ON: a->fail_on = value; break;
  case SO_CSV_TABLE: a->csv_table = value; break;
  case SO_DB: a->db_path = value; break;
  case SO_NO_DB: a->no_db = true; break;
  }
  return ST_OK;
}

static Status parse_args(int argc, char **argv, ScanArgs *a) {
  CliGroup groups[] = {pipeline_options(&a->pipe), terminal_options(&a->term), CLI_GROUP(options, set_option, a)};
  Status st = cli_parse(&(CliParse){.groups = groups, .ngroups = 3}, argc, argv);
  a->pipe.quiet = a->term.quiet;
  if (!st && a->pipe.paths.len == 0)
    st = cm_fail(ST_USAGE, "scan: name a file or folder to scan, e.g. hipport scan .");
  if (!st && !rp_find(a->format))
    st = cm_fail(ST_USAGE, "scan: unknown --format '%s' (one of %s)", a->format, rp_names());
  if (!st && a->csv_table && !rp_csv_table_known(a->csv_table))
    st = cm_fail(ST_USAGE, "scan: unknown --csv-table '%s' (one of findings, uses, files, releases)", a->csv_table);
  return st;
}

/* Checked once the user's rule files are in: they may add categories. */
static Status check_fail_on(const ScanArgs *a, const RuleDb *db) {
  const char *bad;
  if (a->fail_on && !pl_known_categories(db, a->fail_on, &bad))
    return cm_fail(ST_USAGE, "scan: --fail-on: unknown category '%s' (see docs/diagnostics.md)", bad);
  return ST_OK;
}

/* The results database is a convenience: when it cannot be opened the scan
 * goes on, and says so. */
static ResultDb *open_results(const ScanArgs *a) {
  if (a->no_db)
    return NULL;
  char *path = a->db_path ? cm_xstrdup(a->db_path) : rs_default_path();
  ResultDb *db = NULL;
  if (rs_open(path, &db) != ST_OK && !a->term.quiet)
    fprintf(stderr, "hipport: warning: %s (the scan is not kept; --no-db skips the database)\n", cm_error());
  free(path);
  return db;
}

/* The scan is kept with its project's identity, for history and report. */
static void keep_scan(ResultDb *db, const Report *report, bool quiet) {
  Project project;
  rs_project_of(report->root, &project);
  RsScan rec;
  rp_scan_record(report, &project, &rec);
  long long id;
  if (rs_record_scan(db, &rec, &id) != ST_OK && !quiet)
    fprintf(stderr, "hipport: warning: %s\n", cm_error());
  rs_scan_free(&rec);
  rs_project_free(&project);
}

/* The report of the plan, with the newest verify results under its root. */
static Status report_scan(const ScanArgs *a, const Pipeline *p) {
  ResultDb *db = open_results(a);
  VerifyRecords verify = {0};
  if (db && rs_latest_verify_under(db, p->plan.facts->root, &verify) != ST_OK && !a->term.quiet)
    fprintf(stderr, "hipport: warning: %s\n", cm_error());
  Report report;
  rp_build(&p->plan, p->db, &verify, &report);
  if (db)
    keep_scan(db, &report, a->term.quiet);
  RpOptions opt = {.csv_table = a->csv_table, .color = terminal_color(&a->term, a->output), .errors_only = a->term.quiet};
  Status st = write_report(a->format, a->output, &report, &opt);
  rp_free(&report);
  rs_verify_records_free(&verify);
  rs_close(db);
  return st;
}

static Status run_scan(int argc, char **argv) {
  ScanArgs a = {.format = "text"};
  Status st = parse_args(argc, argv, &a);
  Pipeline p = {0};
  if (!st)
    st = pipeline_open(&a.pipe, &p);
  if (!st)
    st = check_fail_on(&a, p.db);
  if (!st)
    st = pipeline_scan(&a.pipe, &(PlanOptions){0}, &p);
  if (!st) {
    if (!(st = check_output("scan", "-o", a.output, &p, &a.pipe)))
      st = report_scan(&a, &p);
    if (!st && a.fail_on && pl_count_categories(&p.plan, a.fail_on) > 0)
      st = cm_fail(ST_FINDINGS, "scan: findings of --fail-on %s", a.fail_on);
    if (!st)
      st = pipeline_check_unreadable(&p);
  }
  pipeline_free(&p);
  pipeline_args_free(&a.pipe);
  return st;
}

const Command cmd_scan = {
    .name = "scan",
    .summary = "report every CUDA use, what maps to HIP, the hazards and an effort estimate",
    .usage = "usage: hipport scan PATH... [options]\n"
             "  -p BUILD_DIR        parse with the flags of BUILD_DIR/compile_commands.json\n"
             "  --cuda-path DIR     CUDA Toolkit root (default: $CUDA_PATH, then /usr/local/cuda)\n"
             "  --cache-dir DIR     keep parsed CUDA headers, unchanged files' facts and the\n"
             "                      rule database's image there\n"
             "                      (default: $XDG_CACHE_HOME/hipport, else ~/.cache/hipport)\n"
             "  --no-cache          parse everything afresh and keep nothing\n"
             "  --lexical           read by tokens only, no parse (a first look at a huge tree:\n"
             "                      the rules and the hazards that need no tree; said in the report)\n"
             "  --parse-all         parse every file, not only those whose tokens leave\n"
             "                      something to the tree (docs/performance.md says what);\n"
             "                      a file that does not compile then says so (HP3001)\n"
             "  --tiered            parse only those (the default)\n"
             "  --rocm VER|newest   target ROCm release (default: the HIP installed here, else the\n"
             "                      newest the rules know)\n"
             "  --rocm-path DIR     where to look for the installed HIP first (then $ROCM_PATH,\n"
             "                      /opt/rocm, /usr)\n"
             "  --rules FILE        a user rule file (YAML, docs/user-rules.md); repeatable;\n"
             "                      .hipport/rules.yaml at the scan root is read as well\n"
             "  --format FORMAT     text, json, md, html, sarif or csv (default text; docs/reports.md)\n"
             "  --csv-table TABLE   with --format csv: uses (default), findings, files or releases\n"
             "  -o FILE             write the report to FILE (default: standard output)\n"
             "  --color WHEN        auto (on a terminal, unless NO_COLOR is set), always or never\n"
             "  -q, --quiet         errors only: no progress line, no warnings, only error findings\n"
             "  --fail-on CAT[,..]  exit 1 when findings of these categories exist (any: all)\n"
             "  -j N                parse N files at once (default 2)\n"
             "  --parse-memory MB   what the parses running at once may add to memory, by\n"
             "                      the weight of what each file includes (default 192;\n"
             "                      0: no bound)\n"
             "  --rules-db FILE     the rule database (default: beside the binary)\n"
             "  --db FILE           keep the scan in this results database, and report the newest\n"
             "                      verify results under PATH (default ~/.local/share/hipport/results.db)\n"
             "  --no-db             neither keep the scan nor read verify results\n",
    .run = run_scan,
};
