/* CUDA runs made on another machine. hipport needs libclang and the rest of its
 * stack; a machine lent for its NVIDIA GPU may have only nvcc and a shell. So
 * verify writes a script that builds and runs the CUDA originals there, and reads
 * what the script left behind (verify --cuda-runs) as if the runs were made here. */
#include <stdlib.h>
#include <string.h>

#include "verify_p.h"

enum { SCRIPT_RUN_SECONDS = 300 };

/* 'text' for sh, with each ' written as '\'' */
static void put_quoted(FILE *out, const char *s) {
  fputc('\'', out);
  for (; *s; s++)
    *s == '\'' ? fputs("'\\''", out) : fputc(*s, out);
  fputc('\'', out);
}

static void put_list(FILE *out, const StrList *l) {
  for (size_t i = 0; i < l->len; i++) {
    fputc(' ', out);
    put_quoted(out, l->items[i]);
  }
}

static const char *relative_to(const char *dir, const char *cwd) {
  size_t n = cwd ? strlen(cwd) : 0;
  return n && strncmp(dir, cwd, n) == 0 && dir[n] == '/' ? dir + n + 1 : dir;
}

/* Builds go side by side; runs one at a time, so that no run's time_ms shares the GPU. */
static void put_build(FILE *out, const Program *p, const char *cwd) {
  fputs("mkdir -p \"$out\"/", out);
  put_quoted(out, p->name);
  fputs("\n(cd ", out);
  put_quoted(out, relative_to(p->dir, cwd));
  fputs(" && nvcc -arch=\"$arch\"", out);
  put_list(out, &p->sources);
  put_list(out, &p->nvcc_flags);
  fputs(" -o \"$bin\"/", out);
  put_quoted(out, p->name);
  fputs(") > \"$out\"/", out);
  put_quoted(out, p->name);
  fputs("/build.log 2>&1 &\n", out);
}

static void put_run(FILE *out, const Program *p, const char *cwd) {
  fputs("d=\"$out\"/", out);
  put_quoted(out, p->name);
  fputs(" exe=\"$bin\"/", out);
  put_quoted(out, p->name);
  fputs("\nif [ -x \"$exe\" ]; then\n  (cd ", out);
  put_quoted(out, relative_to(p->dir, cwd));
  fprintf(out, " && timeout %d \"$exe\"", SCRIPT_RUN_SECONDS);
  put_list(out, &p->args);
  fputs(") > \"$d/stdout\" 2> \"$d/stderr\"\n  echo $? > \"$d/exit\"\nelse\n  echo build-failed > \"$d/exit\"\nfi\n", out);
}

Status vf_write_cuda_script(FILE *out, const Program *programs, size_t n, const char *cwd) {
  fputs("#!/bin/sh\n"
        "# Written by `hipport verify --cuda-runs-script`: builds and runs each program's\n"
        "# CUDA original on this machine's NVIDIA GPU. Run it from the folder hipport ran in:\n"
        "#   sh SCRIPT OUTDIR        (CUDA_ARCH=sm_90 sh SCRIPT OUTDIR to pick the target)\n"
        "# then bring OUTDIR back and run `hipport verify --cuda-runs OUTDIR [--record]`.\n"
        "out=${1:?usage: sh SCRIPT OUTDIR}\n"
        "arch=${CUDA_ARCH:-native}\n"
        "PATH=$PATH:${CUDA_PATH:-/usr/local/cuda}/bin\n"
        "mkdir -p \"$out\" && out=$(cd \"$out\" && pwd) && bin=$(mktemp -d) || exit 2\n"
        "trap 'rm -rf \"$bin\"' EXIT\n"
        "nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 > \"$out/gpu.txt\"\n"
        "\n# builds, side by side\n",
        out);
  for (size_t i = 0; i < n; i++)
    if (programs[i].buildable)
      put_build(out, &programs[i], cwd);
  fputs("wait\n\n# runs, one at a time\n", out);
  for (size_t i = 0; i < n; i++)
    if (programs[i].buildable)
      put_run(out, &programs[i], cwd);
  return ferror(out) ? cm_fail(ST_ENV, "cannot write the CUDA runs script") : ST_OK;
}

/* OUTDIR/<program>/<name>, read whole; NULL when absent. */
static char *run_file(const char *runs, const char *program, const char *name) {
  char *path = program ? cm_xasprintf("%s/%s/%s", runs, program, name) : cm_xasprintf("%s/%s", runs, name);
  char *text = NULL;
  size_t len;
  if (cm_read_file(path, &text, &len))
    text = NULL;
  free(path);
  return text;
}

static char *first_line(char *text) {
  if (text)
    text[strcspn(text, "\r\n")] = '\0';
  return text;
}

/* The last 400 bytes, without the trailing newlines. */
static char *tail(const char *text) {
  size_t n = text ? strlen(text) : 0;
  while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r'))
    n--;
  size_t from = n > 400 ? n - 400 : 0;
  return cm_xstrndup(n ? text + from : "", n - from);
}

void vf_import_cuda_run(const Program *p, const VerifyOptions *opt, const Tolerance *tol, VerifyResult *res) {
  char *exit_text = first_line(run_file(opt->cuda_runs, p->name, "exit"));
  char *gpu = first_line(run_file(opt->cuda_runs, NULL, "gpu.txt"));
  if (!exit_text) {
    res->cuda_build = cm_xasprintf("no run in %s", opt->cuda_runs);
  } else if (strcmp(exit_text, "build-failed") == 0) {
    char *log = run_file(opt->cuda_runs, p->name, "build.log"), *t = tail(log);
    res->cuda_build = cm_xasprintf("failed: %s", t);
    free(log);
    free(t);
  } else if (strcmp(exit_text, "0") != 0) {
    char *err = run_file(opt->cuda_runs, p->name, "stderr"), *t = tail(err);
    res->cuda_gpu = gpu && *gpu ? cm_xstrdup(gpu) : NULL;
    res->cuda_build = cm_xasprintf("run failed: exit code %s; stderr: %s", exit_text, t);
    free(err);
    free(t);
  } else {
    char *stdout_text = run_file(opt->cuda_runs, p->name, "stdout");
    res->cuda_gpu = gpu && *gpu ? cm_xstrdup(gpu) : NULL;
    vf_judge_cuda_output(p, opt, tol, stdout_text ? stdout_text : "", res);
    free(stdout_text);
  }
  free(exit_text);
  free(gpu);
}
