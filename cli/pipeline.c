/* The steps scan, translate and verify share, so that all see the same plan:
 * the rule database with the user's rule files (--rules, and .hipport/rules.yaml
 * at the scan root), the target release (asked for, installed, or the newest
 * known: plan/target.c decides), the scan, and the plan for it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_p.h"

Status cli_open_rules(const char *path, RuleDb **db) { return rl_open(path ? path : rl_default_path(), db); }

const char *cli_compat_include(void) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/compat", cm_exe_dir());
  if (access(path, R_OK) != 0)
    snprintf(path, sizeof path, "%s/../share/hipport/compat", cm_exe_dir());
  return path;
}

Status parse_jobs(const char *cmd, const char *s, int *jobs) {
  char *end;
  long n = strtol(s, &end, 10);
  if (*end || n < 1 || n > 256)
    return cm_fail(ST_USAGE, "%s: -j wants a number of jobs from 1 to 256, not '%s'", cmd, s);
  *jobs = (int)n;
  return ST_OK;
}

/* --parse-memory MB; 0 lifts the bound. */
static Status parse_memory(const char *cmd, const char *s, PipelineArgs *a) {
  char *end;
  long n = strtol(s, &end, 10);
  if (!*s || *end || n < 0 || n > 1000000)
    return cm_fail(ST_USAGE, "%s: --parse-memory wants megabytes (0: no bound), not '%s'", cmd, s);
  a->parse_memory_mb = (unsigned)n;
  a->parse_memory_set = true;
  return ST_OK;
}

enum {
  PO_RULES = 256, PO_RULES_DB, PO_ROCM, PO_ROCM_PATH, PO_CUDA_PATH, PO_CACHE_DIR, PO_OFFLOAD_ARCH, PO_NO_CACHE,
  PO_LEXICAL, PO_INCLUDE, PO_EXTRA_ARG, PO_PARSE_MEMORY, PO_TIERED, PO_PARSE_ALL,
};

/* -I DIR, -D NAME, -include FILE (joined or apart) and --extra-arg ARG, hipify-clang's
 * habit for users without a compile database, go to every file's parse. */
static const CliOption options[] = {
    {NULL, 'I', true, false},
    {NULL, 'D', true, false},
    {"include", PO_INCLUDE, true, true},
    {"extra-arg", PO_EXTRA_ARG, true, false},
    {"rules", PO_RULES, true, false},
    {"rules-db", PO_RULES_DB, true, false},
    {"rocm", PO_ROCM, true, false},
    {"rocm-path", PO_ROCM_PATH, true, false},
    {NULL, 'p', true, false},
    {"cuda-path", PO_CUDA_PATH, true, false},
    {"cache-dir", PO_CACHE_DIR, true, false},
    {"offload-arch", PO_OFFLOAD_ARCH, true, false},
    {"no-cache", PO_NO_CACHE, false, false},
    {"lexical", PO_LEXICAL, false, false},
    {"tiered", PO_TIERED, false, false},
    {"parse-all", PO_PARSE_ALL, false, false},
    {"jobs", 'j', true, false},  /* make's -j4 as well */
    {"parse-memory", PO_PARSE_MEMORY, true, false},
};

static const char **value_slot(PipelineArgs *a, int key) {
  switch (key) {
  case PO_RULES_DB: return &a->db_path;
  case PO_ROCM: return &a->rocm;
  case PO_ROCM_PATH: return &a->rocm_path;
  case 'p': return &a->compile_db;
  case PO_CUDA_PATH: return &a->cuda_path;
  case PO_CACHE_DIR: return &a->cache_dir;
  case PO_OFFLOAD_ARCH: return &a->offload_arch;
  default: return NULL;
  }
}

static Status set_option(void *ctx, const char *cmd, int key, const char *value) {
  PipelineArgs *a = ctx;
  const char **slot = value_slot(a, key);
  if (slot) {
    *slot = value;
    return ST_OK;
  }
  switch (key) {
  case 'I': case 'D': case PO_INCLUDE: /* clang takes the flag and its value apart */
    vec_push(&a->extra, key == 'I' ? "-I" : key == 'D' ? "-D" : "-include");
    vec_push(&a->extra, value);
    break;
  case PO_EXTRA_ARG: vec_push(&a->extra, value); break;
  case PO_RULES: vec_push(&a->rules, value); break;
  case PO_NO_CACHE: a->no_cache = true; break;
  case PO_LEXICAL: a->lexical = true; break;
  case PO_TIERED: a->parse_all = false; break; /* the default, after a --parse-all */
  case PO_PARSE_ALL: a->parse_all = true; break;
  case 'j': return parse_jobs(cmd, value, &a->jobs);
  case PO_PARSE_MEMORY: return parse_memory(cmd, value, a);
  case CLI_OPERAND: vec_push(&a->paths, value); break;
  }
  return ST_OK;
}

/* Options the commands share; a command that takes paths lists this group first. */
CliGroup pipeline_options(PipelineArgs *a) { return CLI_GROUP(options, set_option, a); }

/* --rules files in order, then the scan root's own, which the report names. */
static Status load_user_rules(const PipelineArgs *a, RuleDb *db) {
  Status st = ST_OK;
  for (size_t i = 0; i < a->rules.len && !st; i++)
    st = rl_load_user_rules(db, a->rules.items[i], "--rules");
  char *root = st ? NULL : an_scan_root(a->paths.items, a->paths.len);
  char *found = root ? rl_project_rules(root) : NULL;
  if (found)
    st = rl_load_user_rules(db, found, "found at the scan root");
  free(found);
  free(root);
  return st;
}

/* The cache folder a run reads and writes; NULL under --no-cache (malloc'd). */
static char *cache_dir(const PipelineArgs *a) {
  return a->no_cache ? NULL : a->cache_dir ? cm_xstrdup(a->cache_dir) : cm_user_cache_dir();
}

Status pipeline_open(const PipelineArgs *a, Pipeline *p) {
  *p = (Pipeline){0};
  char *cache = cache_dir(a);
  Status st = rl_open_cached(a->db_path ? a->db_path : rl_default_path(), cache, &p->db);
  free(cache);
  if (!st)
    st = load_user_rules(a, p->db);
  const char *roots[4];
  size_t nroots = pl_hip_roots(a->rocm_path, roots);
  if (!st)
    st = pl_target(p->db, a->rocm, roots, nroots, &p->target);
  if (st)
    pipeline_free(p);
  return st;
}

Status pipeline_run(const PipelineArgs *a, const PlanOptions *extra, Pipeline *p) {
  Status st = pipeline_open(a, p);
  return st ? st : pipeline_scan(a, extra, p);
}

Status pipeline_scan(const PipelineArgs *a, const PlanOptions *extra, Pipeline *p) {
  PlanOptions popt = *extra;
  popt.target = p->target.release;
  popt.target_why = p->target.why;
  if (!popt.offload_arch)
    popt.offload_arch = a->offload_arch;
  Status st;
  char *cache = cache_dir(a);
  ScanOptions sopt = {.cuda_path = a->cuda_path, .compile_db = a->compile_db, .compat_include = cli_compat_include(),
                      .cache_dir = cache, .lexical = a->lexical, .tiered = !a->parse_all,
                      .extra_args = a->extra.items, .nextra = a->extra.len,
                      .jobs = a->jobs ? a->jobs : 2,
                      .parse_memory_mb = a->parse_memory_set ? a->parse_memory_mb : AN_PARSE_MEMORY_MB, .progress = !a->quiet && isatty(STDERR_FILENO)};
  st = an_scan(a->paths.items, a->paths.len, &sopt, p->db, &p->facts);
  free(cache);
  if (st) {
    pipeline_free(p);
    return st;
  }
  p->have_facts = true;
  if ((st = pl_build(&p->facts, p->db, &popt, &p->plan))) {
    pipeline_free(p);
    return st;
  }
  p->have_plan = true;
  return ST_OK;
}

void pipeline_free(Pipeline *p) {
  if (p->have_plan)
    pl_free(&p->plan);
  if (p->have_facts)
    an_facts_free(&p->facts);
  rl_close(p->db);
  pl_target_free(&p->target);
  *p = (Pipeline){0};
}

void pipeline_args_free(PipelineArgs *a) {
  vec_free(&a->paths);
  vec_free(&a->rules);
  vec_free(&a->extra);
}

/* An unreadable file does not stop a run, but the run must not look clean. */
Status pipeline_check_unreadable(const Pipeline *p) {
  for (size_t i = 0; i < p->facts.files.len; i++)
    if (p->facts.files.items[i]->unreadable)
      return cm_fail(ST_INPUT, "%s: fix its permissions or leave it out; the rest was processed",
                     p->facts.files.items[i]->skip_reason);
  return ST_OK;
}

/* An output is never an input, whatever the flags: not a path the user named,
 * nor a file the scan read. */
Status check_output(const char *cmd, const char *opt, const char *output, const Pipeline *p,
                    const PipelineArgs *a) {
  if (!output || strcmp(output, "-") == 0 || cm_is_special_file(output))
    return ST_OK;
  char *out = cm_resolve_path(output);
  bool input = an_was_read(&p->facts, output);
  for (size_t i = 0; i < a->paths.len && !input; i++) {
    char *in = cm_resolve_path(a->paths.items[i]);
    input = strcmp(in, out) == 0 || cm_same_file(in, out);
    free(in);
  }
  free(out);
  return input ? cm_fail(ST_USAGE, "%s: %s %s is one of the inputs: write it somewhere else", cmd, opt, output) : ST_OK;
}

/* Output goes to a temporary file renamed into place, so a failed run never
 * leaves half a report where a good one was; a device or pipe is written to. */
Status write_to(const char *output, Status (*write)(FILE *out, const void *ctx), const void *ctx) {
  if (!output || strcmp(output, "-") == 0)
    return write(stdout, ctx);
  AtomicFile a;
  Status st = cm_atomic_open(&a, output, 0666);
  return st ? st : cm_atomic_commit(&a, write(a.f, ctx));
}

typedef struct {
  const Reporter *reporter;
  const Report *report;
  const RpOptions *opt;
} ReportJob;

static Status write_job(FILE *out, const void *ctx) {
  const ReportJob *j = ctx;
  return j->reporter->write(out, j->report, j->opt);
}

Status write_report(const char *format, const char *output, const Report *report, const RpOptions *opt) {
  ReportJob job = {rp_find(format), report, opt};
  return write_to(output, write_job, &job);
}
