/* hipport hipify: a drop-in for hipify-clang. Reads hipify-clang's command line
 * (its options with one dash or two, `-o=X` or `-o X`, clang's options after
 * `--`), asks the plan for hipify-clang's conventions, and translates each input
 * file on its own, as hipify-clang does: to -o, into -o-dir, in place, or beside
 * the input as FILE.hip. An option hipify-clang has and this mode does not is an
 * error naming it, never ignored (docs/hipify-mode.md lists both). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_p.h"
#include "translator.h"

/* hipify-clang's options, each with one dash or two (LLVM's command line reads
 * both); -I and -D as clang has them. */
enum {
  HO_OUT = 256, HO_OUT_DIR, HO_HIP_LAUNCH, HO_CUDA_LAUNCH, HO_ROC, HO_MIOPEN, HO_ACCEPTED, HO_AMAP, HO_SKIP_DISABLED,
  HO_COMPILE_DB, HO_CUDA_PATH, HO_RESOURCE_DIR, HO_GPU_ARCH, HO_INPLACE, HO_NO_BACKUP, HO_NO_OUTPUT,
  HO_STATS, HO_STATS_CSV, HO_STATS_FILE, HO_EXAMINE, HO_ROCM,
};

static const CliOption options[] = {
    {"o", HO_OUT, true, true},
    {"o-dir", HO_OUT_DIR, true, true},
    {"hip-kernel-execution-syntax", HO_HIP_LAUNCH, false, true},
    {"cuda-kernel-execution-syntax", HO_CUDA_LAUNCH, false, true},
    {"roc", HO_ROC, false, true},
    {"miopen", HO_MIOPEN, false, true},
    /* hipport translates experimental and unsupported-marked APIs wherever HIP has
     * them (with a finding), and names data types as HIP does: nothing to switch */
    {"experimental", HO_ACCEPTED, false, true},
    /* "as much as possible": hipify-clang still renames the names in the blocks
     * --skip-excluded-preprocessor-conditional-blocks skips */
    {"amap", HO_AMAP, false, true},
    {"use-hip-data-types", HO_ACCEPTED, false, true},
    {"skip-excluded-preprocessor-conditional-blocks", HO_SKIP_DISABLED, false, true},
    {"default-preprocessor", HO_SKIP_DISABLED, false, true},
    {"p", HO_COMPILE_DB, true, true},
    {"cuda-path", HO_CUDA_PATH, true, true},
    {"clang-resource-directory", HO_RESOURCE_DIR, true, true},
    {"cuda-gpu-arch", HO_GPU_ARCH, true, true},
    {"inplace", HO_INPLACE, false, true},
    {"no-backup", HO_NO_BACKUP, false, true},
    {"no-output", HO_NO_OUTPUT, false, true},
    {"print-stats", HO_STATS, false, true},
    {"print-stats-csv", HO_STATS_CSV, false, true},
    {"o-stats", HO_STATS_FILE, true, true},
    {"examine", HO_EXAMINE, false, true},
    /* hipport's own: the ROCm release whose HIP names are written (hipify-clang
     * writes the newest its tables know, and so does this mode without it) */
    {"rocm", HO_ROCM, true, true},
    {NULL, 'I', true, false},
    {NULL, 'D', true, false},
};

typedef struct {
  PipelineArgs pipe;
  PlanOptions plan;
  VEC(const char *) inputs;
  VEC(char *) owned;           /* flags composed here (-resource-dir=..., --cuda-gpu-arch=...) */
  Buf unsupported;             /* every option named that this mode lacks */
  const char *out, *out_dir, *stats_file;
  bool hip_launch, amap, skip_disabled, inplace, no_backup, no_output, stats, stats_csv;
} HipifyArgs;

static void add_flag(HipifyArgs *a, char *flag) {
  vec_push(&a->owned, flag);
  vec_push(&a->pipe.extra, flag);
}

static Status set_option(void *ctx, const char *cmd, int key, const char *v) {
  HipifyArgs *a = ctx;
  (void)cmd;
  switch (key) {
  case CLI_OPERAND: vec_push(&a->inputs, v); break;
  case 'I': case 'D': add_flag(a, cm_xasprintf("-%c%s", key, v)); break;
  case HO_OUT: a->out = v; break;
  case HO_OUT_DIR: a->out_dir = v; break;
  case HO_HIP_LAUNCH: a->hip_launch = true; break; /* it overrides --cuda-kernel-execution-syntax */
  case HO_CUDA_LAUNCH: case HO_ACCEPTED: break;
  case HO_ROC: /* --miopen asks for more than --roc, in either order */
    a->plan.backend_roc = true;
    a->plan.hipify_roc = a->plan.hipify_roc == HR_MIOPEN ? HR_MIOPEN : HR_ROC;
    break;
  case HO_MIOPEN: a->plan.backend_roc = true; a->plan.hipify_roc = HR_MIOPEN; break;
  case HO_AMAP: a->amap = true; break;
  case HO_SKIP_DISABLED: a->skip_disabled = true; break;
  case HO_COMPILE_DB: a->pipe.compile_db = v; break;
  case HO_CUDA_PATH: a->pipe.cuda_path = v; break;
  case HO_RESOURCE_DIR: add_flag(a, cm_xasprintf("-resource-dir=%s", v)); break;
  case HO_GPU_ARCH: add_flag(a, cm_xasprintf("--cuda-gpu-arch=%s", v)); break;
  case HO_INPLACE: a->inplace = true; break;
  case HO_NO_BACKUP: a->no_backup = true; break;
  case HO_NO_OUTPUT: a->no_output = true; break;
  case HO_STATS: a->stats = true; break;
  case HO_STATS_CSV: a->stats_csv = true; break;
  case HO_STATS_FILE: a->stats_file = v; a->stats_csv = true; break;
  case HO_EXAMINE: a->no_output = a->stats = true; break;
  case HO_ROCM: a->pipe.rocm = v; break;
  }
  return ST_OK;
}

/* Every option this mode lacks is named at once, so one run lists them all. */
static Status collect_unsupported(void *ctx, const char *arg) {
  HipifyArgs *a = ctx;
  buf_printf(&a->unsupported, "%s%s", a->unsupported.len ? ", " : "", arg);
  return ST_OK;
}

static Status check_args(HipifyArgs *a) {
  if (a->unsupported.len)
    return cm_fail(ST_USAGE, "hipify: not supported by hipport hipify: %s (see docs/hipify-mode.md)",
                   buf_cstr(&a->unsupported));
  if (a->inputs.len == 0)
    return cm_fail(ST_USAGE, "hipify: name the CUDA source files, e.g. hipport hipify kernel.cu -o kernel.hip");
  if (a->out && a->inputs.len > 1)
    return cm_fail(ST_USAGE, "hipify: -o names one output, and %zu source files are given: use -o-dir",
                   a->inputs.len);
  if (a->inplace && (a->out || a->out_dir || a->no_output))
    return cm_fail(ST_USAGE, "hipify: --inplace excludes -o, -o-dir and --no-output");
  if (a->no_backup && !a->inplace)
    return cm_fail(ST_USAGE, "hipify: --no-backup goes with --inplace");
  return ST_OK;
}

static Status parse_args(int argc, char **argv, HipifyArgs *a) {
  a->pipe.rocm = "newest";
  int rest = argc;
  CliGroup group = CLI_GROUP(options, set_option, a);
  Status st = cli_parse(&(CliParse){.groups = &group, .ngroups = 1, .unknown = collect_unsupported, .rest = &rest},
                        argc, argv);
  for (int i = rest; i < argc; i++) /* clang's own options */
    vec_push(&a->pipe.extra, argv[i]);
  a->plan.launch_ggl = a->hip_launch;
  a->plan.skip_disabled = a->skip_disabled && !a->amap;
  a->plan.hipify_headers = a->plan.runtime_in_place = a->plan.kernel_name_templates = true;
  a->plan.hip_symbol = a->plan.explicit_defaults = a->plan.launches_at_uses = a->plan.rename_own = true;
  return st ? st : check_args(a);
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* hipify-clang's output for one input: -o (under -o-dir when both), in place,
 * or NAME.hip beside the input (or in -o-dir). */
static char *output_for(const HipifyArgs *a, const char *input) {
  if (a->out)
    return a->out_dir ? cm_xasprintf("%s/%s", a->out_dir, a->out) : cm_xstrdup(a->out);
  if (a->out_dir)
    return cm_xasprintf("%s/%s.hip", a->out_dir, base_name(input));
  return cm_xasprintf("%s.hip", input);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static Status write_file(const HipifyArgs *a, const Pipeline *p, const char *input) {
  if (a->no_output)
    return ST_OK;
  char *out = a->inplace ? NULL : output_for(a, input);
  TranslateOptions tr = {.out = out, .force = true, .in_place = a->inplace,
                         .backup_suffix = a->no_backup ? NULL : ".cuda.orig"};
  TranslateResult res = {0};
  Status st = check_output("hipify", "-o", out, p, &a->pipe);
  if (!st)
    st = tr_translate(&p->plan, p->db, input, &tr, &res);
  tr_result_free(&res);
  free(out);
  return st;
}

/* The CSV beside the output: --o-stats, else NAME.csv (sum_stat.csv for several
 * inputs), in -o-dir when given. */
static Status open_csv(const HipifyArgs *a, FILE **csv) {
  *csv = NULL;
  if (!a->stats_csv)
    return ST_OK;
  const char *name = a->stats_file ? a->stats_file : a->inputs.len > 1 ? "sum_stat.csv" : NULL;
  char *path = name ? cm_xstrdup(name) : cm_xasprintf("%s.csv", base_name(a->inputs.items[0]));
  if (a->out_dir) {
    char *joined = cm_xasprintf("%s/%s", a->out_dir, path);
    free(path);
    path = joined;
  }
  *csv = fopen(path, "w");
  Status st = *csv ? ST_OK : cm_fail(ST_ENV, "%s: cannot write the statistics: check the folder", path);
  free(path);
  return st;
}

/* One input through the pipeline: written, and its statistics added. */
static Status hipify_one(HipifyArgs *a, const char *input, FILE *csv, size_t *converted) {
  double start = now();
  a->pipe.paths.len = 0;
  vec_push(&a->pipe.paths, input);
  Pipeline p;
  Status st = pipeline_run(&a->pipe, &a->plan, &p);
  if (st)
    return st;
  Report report;
  rp_build(&p.plan, p.db, NULL, &report);
  rp_print_findings(stderr, &report, SEV_WARNING, false);
  rp_free(&report);
  st = write_file(a, &p, input);
  const FilePlan *fp = p.plan.files.len ? &p.plan.files.items[0] : NULL;
  *converted += fp && fp->edits.len > 0;
  if (fp && (a->stats || csv))
    rp_hipify_stats(a->stats ? stderr : NULL, csv, p.db, input, &fp, 1, now() - start);
  if (!st)
    st = pipeline_check_unreadable(&p);
  pipeline_free(&p);
  return st;
}

static Status run_hipify(int argc, char **argv) {
  HipifyArgs a = {0};
  FILE *csv = NULL;
  Status st = parse_args(argc, argv, &a);
  if (!st)
    st = open_csv(&a, &csv);
  size_t converted = 0;
  for (size_t i = 0; i < a.inputs.len && !st; i++)
    st = hipify_one(&a, a.inputs.items[i], csv, &converted);
  if (!st && a.inputs.len > 1 && (a.stats || csv))
    rp_hipify_totals(a.stats ? stderr : NULL, csv, converted, a.inputs.len);
  if (csv && fclose(csv) != 0 && !st)
    st = cm_fail(ST_ENV, "the statistics CSV could not be written");
  for (size_t i = 0; i < a.owned.len; i++)
    free(a.owned.items[i]);
  vec_free(&a.owned);
  vec_free(&a.inputs);
  buf_free(&a.unsupported);
  pipeline_args_free(&a.pipe);
  return st;
}

const Command cmd_hipify = {
    .name = "hipify",
    .summary = "hipify-clang's command line and conventions (a drop-in for scripts built on it)",
    .usage = "usage: hipport hipify [options] FILE... [-- CLANG_OPTIONS]\n"
             "  hipify-clang's options, with one dash or two, `-o=X` or `-o X`:\n"
             "  -o FILE             the output (one input); default FILE.hip beside the input\n"
             "  -o-dir DIR          outputs go there, as NAME.hip\n"
             "  --inplace           rewrite the input (a backup FILE.cuda.orig unless --no-backup)\n"
             "  --hip-kernel-execution-syntax  hipLaunchKernelGGL (overrides\n"
             "                      --cuda-kernel-execution-syntax, the default)\n"
             "  --roc, --miopen     library calls to rocBLAS, rocSPARSE, MIOpen... where known\n"
             "  --skip-excluded-preprocessor-conditional-blocks, --default-preprocessor\n"
             "                      leave code in #if branches the preprocessor skips alone\n"
             "                      (by default every branch is translated)\n"
             "  --experimental, --amap, --use-hip-data-types  accepted: hipport always does this\n"
             "  -p BUILD_DIR        compile_commands.json; --cuda-path DIR; -I DIR; -D NAME[=V]\n"
             "  --clang-resource-directory DIR, --cuda-gpu-arch ARCH   passed to clang\n"
             "  --print-stats       hipify-clang's statistics on stderr\n"
             "  --print-stats-csv   ... in NAME.csv (sum_stat.csv for several inputs); --o-stats FILE\n"
             "  --examine           --no-output and --print-stats: nothing written\n"
             "  -- FLAGS            clang options for every file's parse\n"
             "  Conventions: the CUDA runtime include replaced in place, HIPIFY's header\n"
             "  spellings, HIP_KERNEL_NAME around template kernels, HIP_SYMBOL, explicit\n"
             "  default flags. Where hipport still differs: docs/hipify-mode.md.\n",
    .run = run_hipify,
};
