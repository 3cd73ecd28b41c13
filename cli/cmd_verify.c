/* hipport verify: each program translated (or taken from --hip-tree), built for
 * every AMD target, run where a GPU is, compared with its reference; one status
 * per program, kept in the results database. Exit 1 when any is BUILD-FAIL,
 * RUN-FAIL or MISMATCH. */
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_p.h"
#include "translator.h"
#include "verify.h"

typedef struct {
  PipelineArgs pipe;          /* rules, CUDA path, target: for translating */
  VEC(const char *) dirs;
  const char *hip_tree, *arches, *db_path, *format, *output, *cuda_runs, *cuda_script;
  const char *rtol, *atol, *ulp;
  bool record;
} VerifyArgs;

enum {
  VO_RECORD = 256, VO_OFFLOAD_ARCH, VO_HIP_TREE, VO_DB, VO_FORMAT, VO_RTOL, VO_ATOL, VO_ULP, VO_CUDA_RUNS,
  VO_CUDA_SCRIPT,
};

/* Ahead of the pipeline's group: --offload-arch here is a list, every target built. */
static const CliOption options[] = {
    {"record", VO_RECORD, false, false},
    {"offload-arch", VO_OFFLOAD_ARCH, true, false},
    {"hip-tree", VO_HIP_TREE, true, false},
    {"db", VO_DB, true, false},
    {"format", VO_FORMAT, true, false},
    {NULL, 'o', true, false},
    {"rtol", VO_RTOL, true, false},
    {"atol", VO_ATOL, true, false},
    {"ulp", VO_ULP, true, false},
    {"cuda-runs", VO_CUDA_RUNS, true, false},
    {"cuda-runs-script", VO_CUDA_SCRIPT, true, false},
};

static const char **value_slot(VerifyArgs *a, int key) {
  switch (key) {
  case VO_OFFLOAD_ARCH: return &a->arches;
  case VO_HIP_TREE: return &a->hip_tree;
  case VO_DB: return &a->db_path;
  case VO_FORMAT: return &a->format;
  case 'o': return &a->output;
  case VO_RTOL: return &a->rtol;
  case VO_ATOL: return &a->atol;
  case VO_ULP: return &a->ulp;
  case VO_CUDA_RUNS: return &a->cuda_runs;
  case VO_CUDA_SCRIPT: return &a->cuda_script;
  default: return NULL;
  }
}

static Status set_option(void *ctx, const char *cmd, int key, const char *value) {
  VerifyArgs *a = ctx;
  const char **slot = value_slot(a, key);
  (void)cmd;
  if (slot)
    *slot = value;
  else if (key == VO_RECORD)
    a->record = true;
  else if (key == CLI_OPERAND)
    vec_push(&a->dirs, value);
  return ST_OK;
}

static Status parse_args(int argc, char **argv, VerifyArgs *a) {
  CliGroup groups[] = {CLI_GROUP(options, set_option, a), pipeline_options(&a->pipe)};
  Status st = cli_parse(&(CliParse){.groups = groups, .ngroups = 2}, argc, argv);
  if (!st && strcmp(a->format, "text") && strcmp(a->format, "json"))
    st = cm_fail(ST_USAGE, "verify: --format is text or json, not '%s'", a->format);
  struct stat sb;
  if (!st && a->cuda_runs && (stat(a->cuda_runs, &sb) != 0 || !S_ISDIR(sb.st_mode)))
    st = cm_fail(ST_INPUT, "%s: not a folder: give the OUTDIR the --cuda-runs-script script wrote into", a->cuda_runs);
  if (!st && a->dirs.len == 0)
    vec_push(&a->dirs, "corpus");
  return st;
}

static Status parse_tolerance(const VerifyArgs *a, Tolerance *tol, bool *given) {
  const char *vals[] = {a->rtol, a->atol, a->ulp};
  double out[3] = {1e-6, 0, 0};
  *given = false;
  for (int i = 0; i < 3; i++) {
    if (!vals[i])
      continue;
    char *end;
    out[i] = strtod(vals[i], &end);
    if (*end || out[i] < 0)
      return cm_fail(ST_USAGE, "verify: tolerances are numbers >= 0, not '%s'", vals[i]);
    *given = true;
  }
  *tol = (Tolerance){.rtol = out[0], .atol = out[1], .ulp = (unsigned long long)out[2]};
  return ST_OK;
}

/* A folder with manifest.json is a program; otherwise its subfolders that have one. */
static void find_programs(const char *dir, StrList *out) {
  char *m = cm_xasprintf("%s/manifest.json", dir);
  bool program = access(m, R_OK) == 0;
  free(m);
  if (program) {
    vec_push(out, realpath(dir, NULL));
    return;
  }
  struct dirent **names = NULL;
  int n = scandir(dir, &names, NULL, alphasort);
  for (int i = 0; i < n; i++) {
    char *sub = cm_xasprintf("%s/%s", dir, names[i]->d_name), *manifest = cm_xasprintf("%s/manifest.json", sub);
    if (names[i]->d_name[0] != '.' && access(manifest, R_OK) == 0)
      vec_push(out, realpath(sub, NULL));
    free(sub);
    free(manifest);
    free(names[i]);
  }
  free(names);
}

/* The port of one program: taken from the HIP tree when it is there, else written. */
static Status port(const VerifyArgs *a, const char *prog_dir, const char *name, const char *tree, char **hip_dir) {
  *hip_dir = cm_xasprintf("%s/%s", tree, name);
  struct stat sb;
  if (a->hip_tree && stat(*hip_dir, &sb) == 0 && S_ISDIR(sb.st_mode))
    return ST_OK;
  PipelineArgs pa = a->pipe;
  pa.paths = (__typeof__(pa.paths)){0};
  vec_push(&pa.paths, prog_dir);
  Pipeline p;
  char *first_arch = cm_xstrndup(a->arches, strcspn(a->arches, ",")); /* build files name one AMD target */
  Status st = pipeline_run(&pa, &(PlanOptions){.offload_arch = first_arch}, &p);
  free(first_arch);
  if (!st) {
    TranslateResult res;
    TranslateOptions to = {.out = *hip_dir, .force = true, .backup_suffix = ".cuda.orig"};
    st = tr_translate(&p.plan, p.db, prog_dir, &to, &res);
    tr_result_free(&res);
    pipeline_free(&p);
  }
  vec_free(&pa.paths);
  return st;
}

static void split_arches(const char *list, StrList *out) {
  char *copy = cm_xstrdup(list), *save;
  for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
    vec_push(out, cm_xstrdup(t));
  free(copy);
}

static void print_gaps(ResultDb *db, const VerifyRow *rows, size_t n) {
  for (size_t i = 0; i < n; i++) {
    double cuda_ms, hip_ms, amd_peak, nv_peak;
    char *nv, *amd;
    if (rs_timings(db, rows[i].program->name, &cuda_ms, &nv, &hip_ms, &amd) && vf_peak_tflops(amd, &amd_peak) &&
        vf_peak_tflops(nv, &nv_peak))
      printf("gap score %-22s %+.1f (%s %.3f ms vs %s %.3f ms)\n", rows[i].program->name,
             vf_gap_score(amd_peak, nv_peak, hip_ms, cuda_ms), amd, hip_ms, nv, cuda_ms);
    free(nv);
    free(amd);
  }
}

/* The ports' target, decided once as translate decides it (without --rocm, the
 * HIP hipcc here builds with), and said in the report beside the machine. */
static Status choose_target(VerifyArgs *a, char **target, char **why) {
  Pipeline p;
  Status st = pipeline_open(&a->pipe, &p);
  if (st)
    return st;
  char v[16];
  rl_version_format(p.target.release, v, sizeof v);
  *target = cm_xstrdup(v);
  *why = cm_xstrdup(p.target.why);
  pipeline_free(&p);
  return ST_OK;
}

typedef struct {
  VEC(Program) programs;
  VEC(VerifyResult) results;
} Runs;

/* The builds of the programs, shared out among -j threads: each is compilers run
 * as child processes in folders of its own, so they go side by side. */
typedef struct {
  Runs *runs;
  char **hip_dirs;
  const Machine *m;
  const VerifyOptions *vo;
  char **errors;       /* a build that could not be tried at all (no temporary folder...) */
  atomic_size_t next, done;
} Builds;

static void *build_worker(void *arg) {
  Builds *b = arg;
  for (size_t i; (i = atomic_fetch_add(&b->next, 1)) < b->runs->programs.len;) {
    if (vf_verify(&b->runs->programs.items[i], b->hip_dirs[i], b->m, b->vo, &b->runs->results.items[i]))
      b->errors[i] = cm_xstrdup(cm_error()); /* cm_error is per thread */
    size_t done = atomic_fetch_add(&b->done, 1) + 1;
    if (isatty(STDERR_FILENO))
      fprintf(stderr, "\rhipport: verified %zu/%zu", done, b->runs->programs.len);
  }
  return NULL;
}

static void build_all(Builds *b, int jobs) {
  pthread_t threads[256];
  int n = 0;
  while (n < jobs && n < 256 && pthread_create(&threads[n], NULL, build_worker, b) == 0)
    n++;
  if (n == 0)
    build_worker(b);
  for (int i = 0; i < n; i++)
    pthread_join(threads[i], NULL);
  if (isatty(STDERR_FILENO))
    fputs("\r\033[K", stderr);
}

/* Ports one by one (translate has its own -j), builds in parallel, records in order. */
static Status verify_all(VerifyArgs *a, const RuleDb *rules, const StrList *dirs, const Machine *m,
                         const VerifyOptions *vo, const char *tree, ResultDb *db, Runs *runs) {
  Status st = ST_OK;
  char **hip_dirs = cm_xcalloc(dirs->len + 1, sizeof *hip_dirs);
  for (size_t i = 0; i < dirs->len && !st; i++) {
    Program p;
    if ((st = vf_load_program(dirs->items[i], rules, &p)))
      break;
    if ((st = port(a, p.dir, p.name, tree, &hip_dirs[runs->programs.len]))) {
      vf_program_free(&p);
      break;
    }
    vec_push(&runs->programs, p);
  }
  if (!st) {
    runs->results.len = 0;
    for (size_t i = 0; i < runs->programs.len; i++)
      vec_push(&runs->results, (VerifyResult){0});
    Builds b = {.runs = runs, .hip_dirs = hip_dirs, .m = m, .vo = vo, .errors = cm_xcalloc(dirs->len + 1, sizeof(char *))};
    build_all(&b, a->pipe.jobs ? a->pipe.jobs : 2);
    for (size_t i = 0; i < runs->programs.len; i++) {
      if (b.errors[i] && !st)
        st = cm_fail(ST_ENV, "%s", b.errors[i]);
      free(b.errors[i]);
    }
    free(b.errors);
  }
  for (size_t i = 0; !st && i < runs->results.len; i++)
    st = vf_record(db, &runs->programs.items[i], vo->arches.items[0], m, &runs->results.items[i]);
  for (size_t i = 0; i < dirs->len; i++)
    free(hip_dirs[i]);
  free(hip_dirs);
  return st;
}

/* Only the script: nothing is translated, built or recorded. */
static Status write_cuda_script(const char *path, const RuleDb *rules, const StrList *dirs) {
  VEC(Program) programs = {0};
  Status st = ST_OK;
  for (size_t i = 0; i < dirs->len && !st; i++) {
    Program p;
    if (!(st = vf_load_program(dirs->items[i], rules, &p)))
      vec_push(&programs, p);
  }
  FILE *out = NULL;
  if (!st && access(path, F_OK) == 0)
    st = cm_fail(ST_INPUT, "%s: already exists: remove it or name another file for the script", path);
  else if (!st && !(out = fopen(path, "w")))
    st = cm_fail(ST_INPUT, "%s: cannot write the script here", path);
  if (out) {
    char *cwd = getcwd(NULL, 0);
    st = vf_write_cuda_script(out, programs.items, programs.len, cwd);
    free(cwd);
    fclose(out);
  }
  if (!st)
    fprintf(stderr, "hipport: wrote %s for %zu programs: on a machine with an NVIDIA GPU, run `sh %s OUTDIR` from here, "
                    "then `hipport verify --cuda-runs OUTDIR`\n", path, programs.len, path);
  for (size_t i = 0; i < programs.len; i++)
    vf_program_free(&programs.items[i]);
  vec_free(&programs);
  return st;
}

static Status report(const VerifyArgs *a, const Runs *runs, const Machine *m, ResultDb *db, const char *why) {
  VerifyRow *rows = cm_xcalloc(runs->programs.len + 1, sizeof *rows);
  for (size_t i = 0; i < runs->programs.len; i++)
    rows[i] = (VerifyRow){&runs->programs.items[i], &runs->results.items[i]};
  char *machine = a->cuda_runs ? cm_xasprintf("%s, CUDA runs from %s; ports for ROCm %s (%s)", m->amd ? m->amd_name : "no AMD GPU",
                                              a->cuda_runs, a->pipe.rocm, why)
                  : cm_xasprintf("%s, %s; ports for ROCm %s (%s)", m->amd ? m->amd_name : "no AMD GPU",
                                 m->nvidia ? m->nvidia_name : "no NVIDIA GPU", a->pipe.rocm, why);
  FILE *out = a->output ? fopen(a->output, "w") : stdout;
  Status st = !out ? cm_fail(ST_INPUT, "%s: cannot write the report here", a->output)
              : strcmp(a->format, "json") == 0 ? rp_verify_json(out, rows, runs->programs.len, machine)
                                                : rp_verify_text(out, rows, runs->programs.len, machine);
  if (out && out != stdout)
    fclose(out);
  if (!st && strcmp(a->format, "text") == 0)
    print_gaps(db, rows, runs->programs.len);
  for (size_t i = 0; !st && i < runs->results.len; i++)
    if (vf_status_fails(runs->results.items[i].status))
      st = cm_fail(ST_FINDINGS, "verify: a program failed to build, run or match");
  free(machine);
  free(rows);
  return st;
}

/* Translates, builds, runs and records every program, then reports. */
static Status verify_programs(VerifyArgs *a, const RuleDb *rules, const StrList *dirs, const Tolerance *tol) {
  Runs runs = {0};
  char *target = NULL, *why = NULL, *db_path = NULL, *tree = NULL;
  Status st = choose_target(a, &target, &why);
  if (st)
    return st;
  a->pipe.rocm = target;
  char *work = cm_make_temp_dir("hipport-verify");
  if (!work)
    st = ST_ENV;
  ResultDb *db = NULL;
  if (!st)
    st = rs_open(a->db_path ? a->db_path : (db_path = rs_default_path()), &db);
  if (!st) {
    tree = a->hip_tree ? cm_xstrdup(a->hip_tree) : cm_xasprintf("%s/hip", work);
    Machine m;
    vf_probe_machine(&m);
    VerifyOptions vo = {.record = a->record, .tol = tol, .work = work, .cuda_runs = a->cuda_runs};
    split_arches(a->arches, &vo.arches);
    st = verify_all(a, rules, dirs, &m, &vo, tree, db, &runs);
    if (!st)
      st = report(a, &runs, &m, db, why);
    for (size_t i = 0; i < vo.arches.len; i++)
      free(vo.arches.items[i]);
    vec_free(&vo.arches);
    vf_machine_free(&m);
  }
  for (size_t i = 0; i < runs.programs.len; i++) {
    vf_program_free(&runs.programs.items[i]);
    vf_result_free(&runs.results.items[i]);
  }
  vec_free(&runs.programs);
  vec_free(&runs.results);
  rs_close(db);
  if (work)
    cm_remove_tree(work); /* the builds, and the ports unless --hip-tree keeps them */
  free(work);
  free(target);
  free(why);
  free(db_path);
  free(tree);
  return st;
}

static Status run_verify(int argc, char **argv) {
  VerifyArgs a = {.format = "text", .arches = "gfx90a"};
  StrList dirs = {0};
  Tolerance tol;
  bool tol_given = false;
  Status st = parse_args(argc, argv, &a);
  if (!st)
    st = parse_tolerance(&a, &tol, &tol_given);
  for (size_t i = 0; !st && i < a.dirs.len; i++) {
    struct stat sb;
    if (stat(a.dirs.items[i], &sb) != 0 || !S_ISDIR(sb.st_mode))
      st = cm_fail(ST_INPUT, "%s: not a folder: name a program folder (with manifest.json) or a folder of them", a.dirs.items[i]);
    else
      find_programs(a.dirs.items[i], &dirs);
  }
  if (!st && dirs.len == 0)
    st = cm_fail(ST_INPUT, "verify: no program folder (with manifest.json) under the folders given");
  RuleDb *rules = NULL; /* the manifests' libraries are its rows: open while the programs live */
  if (!st)
    st = cli_open_rules(a.pipe.db_path, &rules);
  if (!st)
    st = a.cuda_script ? write_cuda_script(a.cuda_script, rules, &dirs)
                       : verify_programs(&a, rules, &dirs, tol_given ? &tol : NULL);
  rl_close(rules);
  for (size_t i = 0; i < dirs.len; i++)
    free(dirs.items[i]);
  vec_free(&dirs);
  vec_free(&a.dirs);
  pipeline_args_free(&a.pipe);
  return st;
}

const Command cmd_verify = {
    .name = "verify",
    .summary = "build the HIP port for AMD targets, run where a GPU is, compare with the CUDA reference",
    .usage = "usage: hipport verify [DIR...] [options]      (default DIR: corpus)\n"
             "  DIR                 a program folder (sources + manifest.json), or a folder of them\n"
             "  --hip-tree OUT      keep the ports in OUT (an existing OUT/<program> is used as is)\n"
             "  --offload-arch A,B  AMD targets to build for (default gfx90a)\n"
             "  --record            on an NVIDIA GPU, keep the CUDA run's output as the reference\n"
             "  --cuda-runs-script FILE   write a script that builds and runs the CUDA originals on\n"
             "                      a machine with an NVIDIA GPU and nvcc (no hipport needed there)\n"
             "  --cuda-runs OUTDIR  take the CUDA runs from what that script left in OUTDIR\n"
             "  --rtol R --atol A --ulp U   tolerance for every program (default: each manifest's)\n"
             "  --rocm VER|newest   target of the port (default: the HIP installed here, as translate)\n"
             "  --rocm-path DIR     where to look for the installed HIP first (then $ROCM_PATH,\n"
             "                      /opt/rocm, /usr)\n"
             "  --rules FILE        a user rule file for translating (docs/user-rules.md)\n"
             "  --cache-dir DIR, --no-cache   the parsed CUDA headers' cache, as for translate\n"
             "  -j N                build N programs at a time (default 2)\n"
             "  --db FILE           results database (default ~/.local/share/hipport/results.db)\n"
             "  --format text|json  -o FILE   the status report\n"
             "statuses: PASS MISMATCH BUILD-FAIL RUN-FAIL COMPILED MISSING-LIBRARY NOT-BUILDABLE\n",
    .run = run_verify,
};
