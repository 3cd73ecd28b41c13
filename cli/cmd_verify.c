/* hipport verify: parses and dispatches. Corpus-style programs (manifest.json)
 * go to vf_verify_programs, with translation as the port step; any other tree
 * is scanned and planned here (the pipeline) and handed to vf_verify_tree. The
 * reports render the results. Exit 1 when a program is BUILD-FAIL, RUN-FAIL or
 * MISMATCH, or a unit of a tree does not compile. */
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
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
  const char *port;            /* --port: an existing port of a tree */
  StrList runs;                /* --run, in order */
  bool record;
} VerifyArgs;

enum {
  VO_RECORD = 256, VO_OFFLOAD_ARCH, VO_HIP_TREE, VO_DB, VO_FORMAT, VO_RTOL, VO_ATOL, VO_ULP, VO_CUDA_RUNS,
  VO_CUDA_SCRIPT, VO_PORT, VO_RUN,
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
    {"port", VO_PORT, true, false},
    {"run", VO_RUN, true, false},
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
  case VO_PORT: return &a->port;
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
  else if (key == VO_RUN)
    vec_push(&a->runs, (char *)value);
  else if (key == CLI_OPERAND)
    vec_push(&a->dirs, value);
  return ST_OK;
}

static Status parse_args(int argc, char **argv, VerifyArgs *a) {
  CliGroup groups[] = {CLI_GROUP(options, set_option, a), pipeline_options(&a->pipe)};
  Status st = cli_parse(&(CliParse){.groups = groups, .ngroups = 2}, argc, argv);
  if (!st && !rp_verify_format_known(a->format))
    st = cm_fail(ST_USAGE, "verify: --format is one of %s, not '%s'", rp_verify_formats(), a->format);
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

typedef struct {
  const VerifyArgs *a;
  const char *tree;
} Porting;

/* The port of one program: taken from the HIP tree when it is there, else written. */
static Status port(void *ctx, const Program *prog, char **hip_dir) {
  const Porting *pt = ctx;
  const VerifyArgs *a = pt->a;
  const char *prog_dir = prog->dir;
  *hip_dir = cm_xasprintf("%s/%s", pt->tree, prog->name);
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

static char *machine_line(const VerifyArgs *a, const Machine *m, const char *why) {
  const char *amd = m->amd ? m->amd_name : "no AMD GPU";
  return a->cuda_runs ? cm_xasprintf("%s, CUDA runs from %s; ports for ROCm %s (%s)", amd, a->cuda_runs, a->pipe.rocm, why)
                      : cm_xasprintf("%s, %s; ports for ROCm %s (%s)", amd, m->nvidia ? m->nvidia_name : "no NVIDIA GPU",
                                     a->pipe.rocm, why);
}

typedef struct {
  const char *format, *machine;
  const ProgramRuns *runs;
  const TreeResult *tree;
  ResultDb *db;
} VerifyDoc;

static Status write_doc(FILE *out, const void *ctx) {
  const VerifyDoc *d = ctx;
  if (d->tree)
    return rp_verify_tree(out, d->format, d->tree, d->machine);
  size_t n = d->runs->programs.len;
  VerifyRow *rows = cm_xcalloc(n + 1, sizeof *rows);
  for (size_t i = 0; i < n; i++)
    rows[i] = (VerifyRow){&d->runs->programs.items[i], &d->runs->results.items[i]};
  Status st = rp_verify_programs(out, d->format, rows, n, d->machine);
  if (!st && strcmp(d->format, "text") == 0)
    rp_verify_gaps(out, d->db, rows, n);
  free(rows);
  return st;
}

/* The target, the work folder, the results database and the machine, around one kind of verify run. */
typedef struct {
  char *target, *why, *work, *db_path;
  ResultDb *db;
  Machine m;
  VerifyOptions vo;
} Session;

static Status session_open(VerifyArgs *a, const Tolerance *tol, Session *s) {
  *s = (Session){0};
  Status st = choose_target(a, &s->target, &s->why);
  if (st)
    return st;
  a->pipe.rocm = s->target;
  if (!(s->work = cm_make_temp_dir("hipport-verify")))
    return ST_ENV;
  if ((st = rs_open(a->db_path ? a->db_path : (s->db_path = rs_default_path()), &s->db)))
    return st;
  vf_probe_machine(&s->m);
  s->vo = (VerifyOptions){.record = a->record, .tol = tol, .work = s->work, .cuda_runs = a->cuda_runs};
  split_arches(a->arches, &s->vo.arches);
  return ST_OK;
}

static void session_close(Session *s) {
  for (size_t i = 0; i < s->vo.arches.len; i++)
    free(s->vo.arches.items[i]);
  vec_free(&s->vo.arches);
  vf_machine_free(&s->m);
  rs_close(s->db);
  if (s->work)
    cm_remove_tree(s->work); /* the builds, and the ports unless --hip-tree keeps them */
  free(s->work), free(s->target), free(s->why), free(s->db_path);
}

static Status report(const VerifyArgs *a, const Session *s, const ProgramRuns *runs, const TreeResult *tree) {
  char *machine = machine_line(a, &s->m, s->why);
  VerifyDoc doc = {a->format, machine, runs, tree, s->db};
  Status st = write_to(a->output, write_doc, &doc);
  free(machine);
  return st;
}

/* Translates, builds, runs and records every program, then reports. */
static Status verify_programs(VerifyArgs *a, const RuleDb *rules, const StrList *dirs, const Tolerance *tol) {
  if (strcmp(a->format, "text") && strcmp(a->format, "json"))
    return cm_fail(ST_USAGE, "verify: programs with a manifest report as text or json, not '%s'", a->format);
  Session s;
  ProgramRuns runs = {0};
  char *tree = NULL;
  Status st = session_open(a, tol, &s);
  if (!st) {
    tree = a->hip_tree ? cm_xstrdup(a->hip_tree) : cm_xasprintf("%s/hip", s.work);
    Porting pt = {a, tree};
    st = vf_verify_programs(rules, dirs, &s.m, &s.vo, &(ProgramPorter){port, &pt}, a->pipe.jobs ? a->pipe.jobs : 2,
                            s.db, &runs);
  }
  if (!st)
    st = report(a, &s, &runs, NULL);
  for (size_t i = 0; !st && i < runs.results.len; i++)
    if (vf_status_fails(runs.results.items[i].status))
      st = cm_fail(ST_FINDINGS, "verify: a program failed to build, run or match");
  vf_program_runs_free(&runs);
  session_close(&s);
  free(tree);
  return st;
}

/* A tree with no manifest: scanned and planned as translate does, then built unit by unit. */
static Status verify_tree(VerifyArgs *a, const char *dir) {
  Session s;
  Status st = session_open(a, NULL, &s);
  Pipeline p = {0};
  char *first_arch = cm_xstrndup(a->arches, strcspn(a->arches, ",")); /* build files name one AMD target */
  vec_push(&a->pipe.paths, dir);
  if (!st)
    st = pipeline_run(&a->pipe, &(PlanOptions){.offload_arch = first_arch}, &p);
  TreeResult r = {0};
  if (!st) {
    TreeOptions to = {.arches = s.vo.arches, .port = a->port, .port_out = a->hip_tree, .compile_db = a->pipe.compile_db, .work = s.work,
                      .jobs = a->pipe.jobs ? a->pipe.jobs : 2, .runs = &a->runs,
                      .extra = a->pipe.extra.items, .nextra = a->pipe.extra.len};
    st = vf_verify_tree(&p.plan, p.db, &s.m, &to, &r);
  }
  if (!st)
    st = vf_record_tree(s.db, &r, s.vo.arches.items[0], &s.m);
  if (!st)
    st = report(a, &s, NULL, &r);
  if (!st && vf_tree_fails(&r))
    st = cm_fail(ST_FINDINGS, "verify: %zu of %zu units of the port do not compile",
                 r.units.len - r.count[UNIT_COMPILES] - r.count[UNIT_MISSING_LIBRARY], r.units.len);
  vf_tree_result_free(&r);
  pipeline_free(&p);
  session_close(&s);
  free(first_arch);
  return st;
}

static Status check_dirs(const VerifyArgs *a, StrList *programs) {
  for (size_t i = 0; i < a->dirs.len; i++) {
    struct stat sb;
    if (stat(a->dirs.items[i], &sb) != 0 || !S_ISDIR(sb.st_mode))
      return cm_fail(ST_INPUT, "%s: not a folder: name a project's folder, a program folder (with manifest.json) or a "
                               "folder of them", a->dirs.items[i]);
    vf_find_programs(a->dirs.items[i], programs);
  }
  if (programs->len == 0 && a->dirs.len > 1)
    return cm_fail(ST_INPUT, "verify: no manifest.json under the folders given: name one project's folder at a time");
  return ST_OK;
}

static Status run_verify(int argc, char **argv) {
  VerifyArgs a = {.format = "text", .arches = "gfx90a"};
  StrList dirs = {0};
  Tolerance tol;
  bool tol_given = false;
  Status st = parse_args(argc, argv, &a);
  if (!st)
    st = parse_tolerance(&a, &tol, &tol_given);
  if (!st)
    st = check_dirs(&a, &dirs);
  RuleDb *rules = NULL; /* the manifests' libraries are its rows: open while the programs live */
  if (!st && dirs.len)
    st = cli_open_rules(a.pipe.db_path, &rules);
  if (!st && dirs.len == 0)
    st = a.cuda_script ? cm_fail(ST_USAGE, "verify: --cuda-runs-script is for programs with a manifest.json")
                       : verify_tree(&a, a.dirs.items[0]);
  else if (!st)
    st = a.cuda_script ? write_cuda_script(a.cuda_script, rules, &dirs)
                       : verify_programs(&a, rules, &dirs, tol_given ? &tol : NULL);
  rl_close(rules);
  for (size_t i = 0; i < dirs.len; i++)
    free(dirs.items[i]);
  vec_free(&dirs);
  vec_free(&a.dirs);
  vec_free(&a.runs);
  pipeline_args_free(&a.pipe);
  return st;
}

const Command cmd_verify = {
    .name = "verify",
    .summary = "build the HIP port for AMD targets, run where a GPU is, compare with the CUDA reference",
    .usage = "usage: hipport verify [DIR...] [options]      (default DIR: corpus)\n"
             "  DIR                 a program folder (sources + manifest.json), or a folder of them;\n"
             "                      or any project's folder: its port built unit by unit, each\n"
             "                      failure mapped to the CUDA line (docs/verify.md)\n"
             "  --port DIR          a project: build this existing port instead of translating\n"
             "  -p BUILD_DIR        a project: its units from BUILD_DIR/compile_commands.json\n"
             "  --run 'CMD ARGS'    a project: run this in both builds where GPUs are and compare\n"
             "                      (repeatable; COMPILED without a GPU)\n"
             "  --hip-tree OUT      keep the ports in OUT (an existing OUT/<program> is used as is;\n"
             "                      a project's port is written to OUT)\n"
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
             "  -j N                build N programs (or units) at a time (default 2)\n"
             "  --db FILE           results database (default ~/.local/share/hipport/results.db)\n"
             "  --format F  -o FILE the report: text or json; for a project also md, html, csv, sarif\n"
             "statuses: PASS MISMATCH BUILD-FAIL RUN-FAIL COMPILED MISSING-LIBRARY NOT-BUILDABLE\n"
             "units: COMPILES FAILS-REPORTED FAILS-UNFORESEEN (HP3008) MISSING-LIBRARY\n",
    .run = run_verify,
};
