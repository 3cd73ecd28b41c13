/* The steps scan and translate share, so that both always see the same plan:
 * the rule database, the target release, the scan, and the plan for it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_p.h"

static const char *compat_include(void) {
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

/* hipify-clang's habit for users without a compile database: -I DIR, -D NAME,
 * -include FILE (joined or apart) and --extra-arg ARG go to every file's parse. */
static bool compiler_flag(int argc, char **argv, int *i, PipelineArgs *a, Status *st) {
  const char *arg = argv[*i], *value = NULL;
  bool apart = strcmp(arg, "-I") == 0 || strcmp(arg, "-D") == 0 || strcmp(arg, "-include") == 0;
  if (opt_value(argc, argv, i, "--extra-arg", &value, st)) {
    if (value)
      vec_push(&a->extra, value);
    return true;
  }
  if (!apart && (strncmp(arg, "-I", 2) == 0 || strncmp(arg, "-D", 2) == 0)) {
    vec_push(&a->extra, arg);
    return true;
  }
  if (!apart)
    return false;
  if (*i + 1 >= argc) {
    *st = cm_fail(ST_USAGE, "option %s needs a value", arg);
    return true;
  }
  vec_push(&a->extra, arg);
  vec_push(&a->extra, argv[++*i]);
  return true;
}

/* Options both commands take; true when argv[*i] was one of them. */
bool pipeline_option(int argc, char **argv, int *i, PipelineArgs *a, Status *st) {
  const char *jobs = NULL;
  if (compiler_flag(argc, argv, i, a, st))
    return true;
  if (opt_value(argc, argv, i, "--rules-db", &a->db_path, st) || opt_value(argc, argv, i, "--rocm", &a->rocm, st) ||
      opt_value(argc, argv, i, "-p", &a->compile_db, st) || opt_value(argc, argv, i, "--cuda-path", &a->cuda_path, st))
    return true;
  if (opt_value(argc, argv, i, "-j", &jobs, st) || opt_value(argc, argv, i, "--jobs", &jobs, st) ||
      (strncmp(argv[*i], "-j", 2) == 0 && argv[*i][2] && (jobs = argv[*i] + 2))) { /* make's -j4 */
    if (!*st && jobs)
      *st = parse_jobs(argv[0], jobs, &a->jobs);
    return true;
  }
  return false;
}

Status pipeline_run(const PipelineArgs *a, const PlanOptions *extra, Pipeline *p) {
  *p = (Pipeline){0};
  Status st = cli_open_rules(a->db_path, &p->db);
  if (st)
    return st;
  PlanOptions popt = *extra;
  popt.target = rl_newest_release(p->db);
  if (a->rocm && !rl_resolve_release(p->db, a->rocm, &popt.target)) {
    pipeline_free(p);
    return cm_fail(ST_USAGE, "ROCm release '%s' is not one the rules know (see hipport rules releases)", a->rocm);
  }
  ScanOptions sopt = {.cuda_path = a->cuda_path, .compile_db = a->compile_db, .compat_include = compat_include(),
                      .extra_args = a->extra.items, .nextra = a->extra.len,
                      .jobs = a->jobs ? a->jobs : 2, .progress = isatty(STDERR_FILENO)};
  if ((st = an_scan(a->paths.items, a->paths.len, &sopt, p->db, &p->facts))) {
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
  *p = (Pipeline){0};
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

/* The report goes to a temporary file renamed into place, so a failed run never
 * leaves half a report where a good one was; a device or pipe is written to. */
Status write_report(const char *format, const char *output, const Plan *plan, const RuleDb *db,
                    const VerifyRecords *verify) {
  const Reporter *r = rp_find(format);
  if (!output || strcmp(output, "-") == 0)
    return r->write(stdout, plan, db, verify);
  AtomicFile a;
  Status st = cm_atomic_open(&a, output, 0666);
  return st ? st : cm_atomic_commit(&a, r->write(a.f, plan, db, verify));
}

/* The HIP release installed under an include folder, from hip/hip_version.h. */
Version cli_installed_hip(const char *include) {
  char *path = cm_xasprintf("%s/hip/hip_version.h", include), *text;
  size_t len;
  unsigned major = 0, minor = 0;
  if (cm_read_file(path, &text, &len) == ST_OK) {
    const char *p;
    if ((p = strstr(text, "HIP_VERSION_MAJOR")))
      sscanf(p, "HIP_VERSION_MAJOR %u", &major);
    if ((p = strstr(text, "HIP_VERSION_MINOR")))
      sscanf(p, "HIP_VERSION_MINOR %u", &minor);
    free(text);
  }
  free(path);
  return major ? major * 1000000u + minor * 1000u : VERSION_NONE;
}
