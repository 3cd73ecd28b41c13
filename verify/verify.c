/* Verifying one program: the HIP port built with hipcc for each target, the CUDA
 * original built with nvcc where it is installed (compile only without an NVIDIA
 * GPU: that still proves the corpus is valid CUDA), each run where its GPU is,
 * and the HIP run compared with the reference: the recorded CUDA output, or the
 * values the program's own CPU reference computes (manifest "expected"). */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "verify_p.h"

enum { BUILD_SECONDS = 600, RUN_SECONDS = 300 };

/* The first line holding "error" in a compiler's output: file:line: error: ... */
static char *first_error(const char *text) {
  const char *p = strstr(text, "error");
  if (!p)
    return cm_xstrdup(*text ? text : "the compiler failed without a message");
  const char *b = p, *e = strchr(p, '\n');
  while (b > text && b[-1] != '\n')
    b--;
  return cm_xstrndup(b, e ? (size_t)(e - b) : strlen(b));
}

typedef VEC(char *) Argv;

static void push_all(Argv *a, const StrList *l) {
  for (size_t i = 0; i < l->len; i++)
    vec_push(a, l->items[i]);
}

/* hipcc --offload-arch=A sources flags -o exe, run in the port's folder. */
static Status build_hip(const Program *p, const char *hip_dir, const char *arch, const char *exe, char **error) {
  Argv a = {0};
  char *arch_flag = cm_xasprintf("--offload-arch=%s", arch);
  vec_push(&a, "hipcc");
  vec_push(&a, arch_flag);
  push_all(&a, &p->sources);
  push_all(&a, &p->hipcc_flags);
  vec_push(&a, "-o");
  vec_push(&a, (char *)exe);
  vec_push(&a, NULL);
  CmRun r;
  Status st = cm_run(hip_dir, a.items, BUILD_SECONDS, &r);
  if (!st && !cm_run_ok(&r))
    *error = r.exit.timed_out ? cm_xstrdup("hipcc timed out") : first_error(r.err);
  if (!st)
    cm_run_free(&r);
  free(arch_flag);
  vec_free(&a);
  return st;
}

/* nvcc -arch=sm_90: a full build to run on an NVIDIA GPU, else compile only. */
static char *build_cuda(const Program *p, const Machine *m, const char *exe) {
  if (!m->nvcc)
    return cm_xstrdup("no nvcc");
  char *status = NULL;
  for (size_t i = 0; i < (m->nvidia ? 1 : p->sources.len) && !status; i++) {
    Argv a = {0};
    vec_push(&a, "nvcc");
    vec_push(&a, m->nvidia ? "-arch=native" : "-arch=sm_90"); /* run on the GPU here; else prove it compiles */
    if (m->nvidia)
      push_all(&a, &p->sources);
    else {
      vec_push(&a, "-c");
      vec_push(&a, p->sources.items[i]);
    }
    for (size_t f = 0; f < p->nvcc_flags.len; f++)
      if (m->nvidia || strncmp(p->nvcc_flags.items[f], "-l", 2) != 0)
        vec_push(&a, p->nvcc_flags.items[f]);
    vec_push(&a, "-o");
    vec_push(&a, m->nvidia ? (char *)exe : "/dev/null");
    vec_push(&a, NULL);
    CmRun r;
    if (cm_run(p->dir, a.items, BUILD_SECONDS, &r) == ST_OK) {
      if (!cm_run_ok(&r)) {
        char *err = first_error(r.err);
        status = cm_xasprintf("failed: %s", err);
        free(err);
      }
      cm_run_free(&r);
    } else {
      status = cm_xstrdup("failed: nvcc did not start");
    }
    vec_free(&a);
  }
  return status ? status : cm_xstrdup(m->nvidia ? "built" : "compiled");
}

double vf_time_ms(const char *out) {
  const char *p = strstr(out, "time_ms:");
  double v;
  size_t used;
  if (!p)
    return -1;
  p += 8;
  while (*p == ' ')
    p++;
  return vf_parse_number(p, strlen(p), &v, &used) ? v : -1;
}

static const char time_prefix[] = "time_ms:"; /* timings differ on every run */
static const char *const ignored[] = {time_prefix, NULL};

bool vf_same_output(const char *a, const char *b, const Tolerance *tol, Comparison *cmp) {
  vf_compare(a, strlen(a), b, strlen(b), tol, ignored, cmp);
  return cmp->match;
}

/* The output's "key: value" line for each expected key, against the value. */
static void compare_expected(const char *expected_json, const char *out, const Tolerance *tol, Comparison *cmp) {
  json_t *exp = json_loads(expected_json, 0, NULL);
  Buf want = {0}, got = {0};
  const char *key;
  json_t *v;
  json_object_foreach(exp, key, v) {
    buf_printf(&want, "%s: %.17g\n", key, json_number_value(v));
    char *tag = cm_xasprintf("%s:", key);
    const char *line = out;
    while (line && strncmp(line, tag, strlen(tag)) != 0)
      line = (line = strchr(line, '\n')) ? line + 1 : NULL;
    if (line)
      buf_append(&got, line, strcspn(line, "\n")), buf_puts(&got, "\n");
    else
      buf_printf(&got, "%s (missing)\n", key);
    free(tag);
  }
  vf_compare(want.data ? want.data : "", want.len, got.data ? got.data : "", got.len, tol, ignored, cmp);
  buf_free(&want);
  buf_free(&got);
  json_decref(exp);
}

static char *reference_path(const Program *p) { return cm_xasprintf("%s/reference/cuda_output.txt", p->dir); }

void vf_compare_with_reference(const Program *p, const char *out, const Tolerance *tol, Comparison *cmp) {
  char *path = reference_path(p), *ref;
  size_t len;
  if (cm_read_file(path, &ref, &len) == ST_OK) {
    VEC(const char *) skip = {0};
    for (size_t i = 0; i < p->vendor_keys.len; i++)
      vec_push(&skip, cm_xasprintf("%s:", p->vendor_keys.items[i]));
    vec_push(&skip, time_prefix);
    vec_push(&skip, NULL);
    vf_compare(ref, len, out, strlen(out), tol, skip.items, cmp);
    for (size_t i = 0; i < p->vendor_keys.len; i++)
      free((char *)skip.items[i]);
    vec_free(&skip);
    free(ref);
  } else if (p->expected_json) {
    compare_expected(p->expected_json, out, tol, cmp);
  } else {
    *cmp = (Comparison){.match = true};
  }
  free(path);
}

/* Runs an executable; RUN-FAIL details when it does not exit 0. */
static bool run_program(const Program *p, const char *dir, const char *exe, CmRun *r, char **detail) {
  Argv a = {0};
  vec_push(&a, (char *)exe);
  push_all(&a, &p->args);
  vec_push(&a, NULL);
  Status st = cm_run(dir, a.items, RUN_SECONDS, r);
  vec_free(&a);
  if (st) {
    *detail = cm_xstrdup(cm_error());
    return false;
  }
  if (cm_run_ok(r))
    return true;
  size_t n = strlen(r->err);
  const char *tail = r->err + (n > 400 ? n - 400 : 0);
  *detail = r->exit.timed_out ? cm_xasprintf("timed out after %d s", RUN_SECONDS)
            : r->exit.signal ? cm_xasprintf("killed by signal %d; stderr: %s", r->exit.signal, tail)
                        : cm_xasprintf("exit code %d; stderr: %s", r->exit.exit_code, tail);
  cm_run_free(r);
  return false;
}

static void write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (f)
    fputs(text, f), fclose(f);
}

/* The output, and beside it what made it (GPU, driver, toolkit, timings). */
static void record_reference(const Program *p, const char *out, const char *machine) {
  char *dir = cm_xasprintf("%s/reference", p->dir), *path = reference_path(p);
  mkdir(dir, 0777);
  write_text(path, out);
  free(path);
  path = cm_xasprintf("%s/cuda_machine.txt", dir);
  write_text(path, machine);
  free(path);
  free(dir);
}

/* A CUDA run's output, made here or on another machine: checked against the CPU
 * reference's values, and with --record kept as the reference. */
void vf_judge_cuda_output(const Program *p, const VerifyOptions *opt, const Tolerance *tol, const char *out,
                          const char *machine, VerifyResult *res) {
  res->cuda_output = cm_xstrdup(out);
  res->cuda_ms = vf_time_ms(out);
  Comparison cmp = {0};
  if (p->expected_json)
    compare_expected(p->expected_json, out, tol, &cmp);
  bool ok = !p->expected_json || cmp.match;
  if (ok && opt->record)
    record_reference(p, out, machine);
  free(res->cuda_build);
  res->cuda_build = ok ? cm_xstrdup(opt->record ? "ran, recorded" : "ran, matched its CPU reference")
                       : cm_xasprintf("ran, differs from its CPU reference: %s", cmp.why ? cmp.why : "");
  vf_comparison_free(&cmp);
}

/* On an NVIDIA GPU here: the CUDA build runs and is judged. */
static void run_cuda(const Program *p, const Machine *m, const VerifyOptions *opt, const Tolerance *tol, const char *exe,
                     VerifyResult *res) {
  CmRun r;
  char *detail = NULL;
  res->cuda_gpu = cm_xstrdup(m->nvidia_name);
  if (!run_program(p, p->dir, exe, &r, &detail)) {
    char *b = cm_xasprintf("run failed: %s", detail);
    free(res->cuda_build);
    res->cuda_build = b;
    free(detail);
    return;
  }
  char *machine = cm_xasprintf("gpu: %s\n", m->nvidia_name);
  vf_judge_cuda_output(p, opt, tol, r.out, machine, res);
  free(machine);
  cm_run_free(&r);
}

static void run_hip(const Program *p, const char *hip_dir, const Tolerance *tol, const char *exe, VerifyResult *res) {
  CmRun r;
  if (!run_program(p, hip_dir, exe, &r, &res->detail)) {
    res->status = VS_RUN_FAIL;
    return;
  }
  res->hip_output = cm_xstrdup(r.out);
  res->hip_ms = vf_time_ms(r.out);
  vf_compare_with_reference(p, r.out, tol, &res->cmp);
  res->status = res->cmp.match ? VS_PASS : VS_MISMATCH;
  res->detail = res->cmp.match ? cm_xasprintf("%zu numbers matched; largest error abs %.3g rel %.3g", res->cmp.numbers,
                                              res->cmp.max_abs, res->cmp.max_rel)
                               : cm_xasprintf("line %u: expected '%s', got '%s' (%s)", res->cmp.line,
                                              res->cmp.expected, res->cmp.actual, res->cmp.why);
  cm_run_free(&r);
}

/* Builds for every target, through the port's build file when it has one (a
 * Makefile's port names the first target only); *run_exe is the build for the
 * AMD GPU here (its gfx target), else the first target's. */
static Status build_all_arches(const Program *p, const char *hip_dir, const VerifyOptions *opt, const char *gpu_arch,
                               char **run_exe, VerifyResult *res) {
  PortBuild how = vf_port_build(hip_dir);
  res->built_with = vf_port_build_name(how);
  for (size_t i = 0; i < opt->arches.len && res->status != VS_BUILD_FAIL; i++) {
    char *exe = cm_xasprintf("%s/%s.%s", opt->work, p->name, opt->arches.items[i]), *error = NULL;
    if (how == PB_MAKE && i > 0) { /* the ported Makefile names the first target only */
      free(exe);
      continue;
    }
    Status st = how ? vf_build_port(p, how, hip_dir, opt->arches.items[i], exe, &error)
                    : build_hip(p, hip_dir, opt->arches.items[i], exe, &error);
    if (st) {
      free(exe);
      return st;
    }
    if (error) {
      res->status = VS_BUILD_FAIL;
      res->detail = cm_xasprintf("%s: %s", opt->arches.items[i], error);
      free(error);
    }
    bool for_gpu = gpu_arch && strcmp(gpu_arch, opt->arches.items[i]) == 0;
    if (!error && (i == 0 || for_gpu)) {
      free(*run_exe);
      *run_exe = exe;
    } else {
      free(exe);
    }
  }
  return ST_OK;
}

Status vf_verify(const Program *p, const char *hip_dir, const Machine *m, const VerifyOptions *opt, VerifyResult *res) {
  *res = (VerifyResult){.status = VS_COMPILED, .cuda_ms = -1, .hip_ms = -1};
  const Tolerance *tol = opt->tol ? opt->tol : &p->tol;
  const char *lib = vf_missing_library(p);
  if (!p->buildable) {
    res->status = VS_NOT_BUILDABLE;
    res->detail = cm_xstrdup("the manifest says it is not meant to build");
    return ST_OK;
  }
  char *cuda_exe = cm_xasprintf("%s/%s.cuda", opt->work, p->name), *hip_exe = NULL;
  if (opt->cuda_runs) {
    vf_import_cuda_run(p, opt, tol, res);
  } else {
    res->cuda_build = build_cuda(p, m, cuda_exe);
    if (m->nvidia && strcmp(res->cuda_build, "built") == 0)
      run_cuda(p, m, opt, tol, cuda_exe, res);
  }
  Status st = ST_OK;
  if (lib) {
    res->status = VS_MISSING_LIBRARY;
    res->detail = cm_xasprintf("%s is not installed: the port needs it", lib);
  } else if (!(st = build_all_arches(p, hip_dir, opt, m->amd_arch, &hip_exe, res)) && res->status != VS_BUILD_FAIL) {
    if (m->amd)
      run_hip(p, hip_dir, tol, hip_exe, res);
    else
      res->detail = cm_xasprintf("built for every target%s%s; not run: no AMD GPU found (rocminfo shows no gfx agent)",
                                 vf_port_build(hip_dir) ? " with the port's " : "",
                                 vf_port_build(hip_dir) ? res->built_with : "");
  }
  free(cuda_exe);
  free(hip_exe);
  return st;
}

void vf_result_free(VerifyResult *r) {
  free(r->detail);
  free(r->cuda_build);
  free(r->cuda_gpu);
  free(r->cuda_output);
  free(r->hip_output);
  vf_comparison_free(&r->cmp);
}
