/* hipport translate: the HIP tree. The same pipeline as scan (so the report
 * describes exactly what is written), then the translator; leftovers and the
 * findings that need a person are printed as diagnostics on stderr. */
#include <stdio.h>
#include <string.h>

#include "cli_p.h"
#include "translator.h"

typedef struct {
  PipelineArgs pipe;
  TranslateOptions tr;
  PlanOptions plan;
  const char *report, *launch, *backend;
} TranslateArgs;

static Status parse_choice(const char *opt, const char *value, const char *a, const char *b, bool *is_b) {
  if (strcmp(value, a) != 0 && strcmp(value, b) != 0)
    return cm_fail(ST_USAGE, "translate: %s is %s or %s, not '%s'", opt, a, b, value);
  *is_b = strcmp(value, b) == 0;
  return ST_OK;
}

enum { TO_IN_PLACE = 256, TO_DRY_RUN, TO_FORCE, TO_ANNOTATE, TO_REPORT, TO_LAUNCH, TO_BACKEND, TO_BACKUP_SUFFIX };

static const CliOption options[] = {
    {"output", 'o', true, false},
    {"in-place", TO_IN_PLACE, false, false},
    {"dry-run", TO_DRY_RUN, false, false},
    {"force", TO_FORCE, false, false},
    {"annotate", TO_ANNOTATE, false, false},
    {"report", TO_REPORT, true, false},
    {"launch", TO_LAUNCH, true, false},
    {"backend", TO_BACKEND, true, false},
    {"backup-suffix", TO_BACKUP_SUFFIX, true, false},
};

static Status set_option(void *ctx, const char *cmd, int key, const char *value) {
  TranslateArgs *a = ctx;
  (void)cmd;
  switch (key) {
  case 'o': a->tr.out = value; break;
  case TO_IN_PLACE: a->tr.in_place = true; break;
  case TO_DRY_RUN: a->tr.dry_run = true; break;
  case TO_FORCE: a->tr.force = true; break;
  case TO_ANNOTATE: a->tr.annotate = true; break;
  case TO_REPORT: a->report = value; break;
  case TO_LAUNCH: a->launch = value; break;
  case TO_BACKEND: a->backend = value; break;
  case TO_BACKUP_SUFFIX: a->tr.backup_suffix = value; break;
  }
  return ST_OK;
}

static Status parse_args(int argc, char **argv, TranslateArgs *a) {
  CliGroup groups[] = {pipeline_options(&a->pipe), CLI_GROUP(options, set_option, a)};
  Status st = cli_parse(&(CliParse){.groups = groups, .ngroups = 2}, argc, argv);
  if (!st && a->pipe.paths.len != 1)
    st = cm_fail(ST_USAGE, "translate: name one source folder or file, e.g. hipport translate src -o src-hip");
  if (!st && a->launch)
    st = parse_choice("--launch", a->launch, "chevron", "ggl", &a->plan.launch_ggl);
  if (!st && a->backend)
    st = parse_choice("--backend", a->backend, "hip", "roc", &a->plan.backend_roc);
  if (!st && a->tr.in_place + a->tr.dry_run + (a->tr.out != NULL) > 1)
    st = cm_fail(ST_USAGE, "translate: -o, --in-place and --dry-run exclude each other");
  if (!st && !*a->tr.backup_suffix)
    st = cm_fail(ST_USAGE, "translate: --backup-suffix cannot be empty: the backup would be the source itself");
  return st;
}

/* What translation could not do is said where a compiler would say it. */
static void print_notes(const TranslateResult *res) {
  for (size_t i = 0; i < res->leftovers.len; i++) {
    const TrNote *l = &res->leftovers.items[i];
    fprintf(stderr, "%s:%u:%u: warning: CUDA name left in the translated file: %s [%s left-behind]\n", l->file,
            l->line, l->column, l->text, rl_diag(D_LEFT_BEHIND)->code);
  }
  for (size_t i = 0; i < res->skipped.len; i++)
    fprintf(stderr, "%s: warning: %s [%s skipped-file]\n", res->skipped.items[i].file, res->skipped.items[i].text,
            rl_diag(D_SKIPPED_FILE)->code);
}

static void print_summary(const TranslateArgs *a, const Pipeline *p, const TranslateResult *res) {
  if (a->tr.dry_run || (a->tr.out && strcmp(a->tr.out, "-") == 0))
    return;
  size_t work = 0;
  for (size_t i = 0; i < p->plan.files.len; i++)
    for (size_t j = 0; j < p->plan.files.items[i].findings.len; j++)
      work += p->plan.files.items[i].findings.items[j].info->severity != SEV_NOTE;
  char target[16];
  rl_version_format(p->plan.target, target, sizeof target);
  fprintf(stderr, "hipport: %zu files translated, %zu unchanged, %zu copied", res->translated, res->unchanged,
          res->copied);
  if (res->links)
    fprintf(stderr, ", %zu links kept", res->links);
  if (res->skipped.len)
    fprintf(stderr, ", %zu not translated (see above)", res->skipped.len);
  fprintf(stderr, "; %zu findings need a person, %zu names left behind; for ROCm %s (%s)\n", work,
          res->leftovers.len, target, p->plan.target_why);
}

static Status run_translate(int argc, char **argv) {
  TranslateArgs a = {.tr.backup_suffix = ".cuda.orig"};
  Status st = parse_args(argc, argv, &a);
  Pipeline p;
  if (!st && !(st = pipeline_run(&a.pipe, &a.plan, &p))) {
    TranslateResult res = {0};
    if (!(st = check_output("translate", "--report", a.report, &p, &a.pipe)))
      st = tr_translate(&p.plan, p.db, a.pipe.paths.items[0], &a.tr, &res);
    Report report;
    rp_build(&p.plan, p.db, NULL, &report);
    if (!st && a.report)
      st = write_report("json", a.report, &report, &(RpOptions){0});
    if (!a.tr.dry_run && !(a.tr.out && strcmp(a.tr.out, "-") == 0))
      rp_print_findings(stderr, &report, SEV_WARNING, false);
    rp_free(&report);
    print_notes(&res);
    if (!st)
      print_summary(&a, &p, &res);
    if (!st)
      st = pipeline_check_unreadable(&p);
    if (!st && res.unreadable)
      st = cm_fail(ST_INPUT, "some files could not be read and were not written (see above): fix their permissions");
    tr_result_free(&res);
    pipeline_free(&p);
  }
  pipeline_args_free(&a.pipe);
  return st;
}

const Command cmd_translate = {
    .name = "translate",
    .summary = "write the HIP port of a CUDA tree (or file), every other file copied",
    .usage = "usage: hipport translate SRC -o OUT [options]\n"
             "       hipport translate SRC --in-place [--backup-suffix .cuda.orig]\n"
             "       hipport translate SRC --dry-run        print a unified diff, write nothing\n"
             "  -o OUT              the HIP tree (or file, when SRC is a file; - for stdout)\n"
             "  --force             write into a non-empty OUT (or over an existing file)\n"
             "  --rocm VER|newest   target ROCm release (default: the HIP installed here, else the\n"
             "                      newest the rules know)\n"
             "  --rocm-path DIR     where to look for the installed HIP first (then $ROCM_PATH,\n"
             "                      /opt/rocm, /usr)\n"
             "  --rules FILE        a user rule file (YAML, docs/user-rules.md); repeatable;\n"
             "                      .hipport/rules.yaml at the source root is read as well\n"
             "  --launch chevron|ggl  keep <<<...>>> (default) or write hipLaunchKernelGGL\n"
             "  --backend hip|roc   library calls to hip* wrappers (default) or roc*/MIOpen\n"
             "  --annotate          a // hipport HPxxxx comment above each line that needs a person\n"
             "                      (# hipport HPxxxx in CMake files and Makefiles)\n"
             "  --offload-arch GFX  the AMD target build files name for CUDA's sm numbers (default gfx90a)\n"
             "  --report FILE       the plan as a JSON report (as hipport scan --format json)\n"
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
             "  -j N                parse N files at once (default 2)\n"
             "  --parse-memory MB   what the parses running at once may add to memory, by\n"
             "                      the weight of what each file includes (default 192;\n"
             "                      0: no bound)\n"
             "  --rules-db FILE     the rule database (default: beside the binary)\n",
    .run = run_translate,
};
