/* CUDA runs made on another machine. hipport needs libclang and the rest of its
 * stack; a machine lent for its NVIDIA GPU may have only nvcc and a shell. So
 * verify writes a script that builds and runs the CUDA originals there, and reads
 * what the script left behind (verify --cuda-runs) as if the runs were made here. */
#include <stdio.h>
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

/* `run NAME DIR ARGS...` or `sanitize NAME DIR ARGS...`, as the script defines them */
static void put_call(FILE *out, const char *fn, const Program *p, const char *cwd) {
  fputs(fn, out);
  fputc(' ', out);
  put_quoted(out, p->name);
  fputc(' ', out);
  put_quoted(out, relative_to(p->dir, cwd));
  put_list(out, &p->args);
  fputc('\n', out);
}

/* The script's fixed part. The machine's facts go to machine.txt as "key: value"
 * lines, so that a recorded reference can say which GPU, driver and toolkit made it.
 * Run 1 leaves stdout/stderr/exit, run N (N > 1) stdout.N/exit.N: the median of
 * their time_ms is the program's CUDA time. The sanitizer runs come last, after
 * every timed run, since they are slow and optional. */
static const char script_head[] =
    "#!/bin/sh\n"
    "# Written by `hipport verify --cuda-runs-script`: builds and runs each program's\n"
    "# CUDA original on this machine's NVIDIA GPU. Run it from the folder hipport ran in:\n"
    "#   sh SCRIPT OUTDIR\n"
    "# CUDA_ARCH=sm_90 picks the target (default: native), RUNS=N the number of timed\n"
    "# runs (default 3), SANITIZE='memcheck racecheck' adds compute-sanitizer runs,\n"
    "# TIMEOUT=S limits each run (default %d s).\n"
    "# Then bring OUTDIR back and run `hipport verify --cuda-runs OUTDIR [--record]`.\n"
    "out=${1:?usage: sh SCRIPT OUTDIR}\n"
    "arch=${CUDA_ARCH:-native}\n"
    "runs=${RUNS:-3}\n"
    "limit=${TIMEOUT:-%d}\n"
    "PATH=$PATH:${CUDA_PATH:-/usr/local/cuda}/bin\n"
    "cuda=$(dirname \"$(dirname \"$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)\")\")\n"
    "PATH=$PATH:$cuda/compute-sanitizer\n"
    "LD_LIBRARY_PATH=$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n"
    "export PATH LD_LIBRARY_PATH\n"
    "mkdir -p \"$out\" && out=$(cd \"$out\" && pwd) && bin=$(mktemp -d) || exit 2\n"
    "trap 'rm -rf \"$bin\"' EXIT\n"
    "smi() { nvidia-smi --query-gpu=\"$1\" --format=csv,noheader 2>/dev/null | head -n 1; }\n"
    "{\n"
    "  echo \"gpu: $(smi name)\"\n"
    "  echo \"driver: $(smi driver_version)\"\n"
    "  echo \"cuda_driver: $(nvidia-smi 2>/dev/null | sed -n 's/.*CUDA Version: *\\([0-9.]*\\).*/\\1/p' | head -n 1)\"\n"
    "  echo \"nvcc: $(nvcc --version 2>/dev/null | sed -n 's/.*release \\([0-9.]*\\).*/\\1/p')\"\n"
    "  echo \"arch: $arch\"\n"
    "} > \"$out/machine.txt\"\n"
    "\n"
    "run() {\n"
    "  d=\"$out/$1\" exe=\"$bin/$1\" dir=$2\n"
    "  shift 2\n"
    "  [ -x \"$exe\" ] || { echo build-failed > \"$d/exit\"; return; }\n"
    "  i=1\n"
    "  while [ \"$i\" -le \"$runs\" ]; do\n"
    "    s=; [ \"$i\" -gt 1 ] && s=.$i\n"
    "    (cd \"$dir\" && timeout \"$limit\" \"$exe\" \"$@\") > \"$d/stdout$s\" 2> \"$d/stderr$s\"\n"
    "    echo $? > \"$d/exit$s\"\n"
    "    i=$((i + 1))\n"
    "  done\n"
    "}\n"
    "\n"
    "sanitize() {\n"
    "  d=\"$out/$1\" exe=\"$bin/$1\" dir=$2\n"
    "  shift 2\n"
    "  [ -x \"$exe\" ] || return\n"
    "  for tool in $SANITIZE; do\n"
    "    (cd \"$dir\" && timeout \"$limit\" compute-sanitizer --tool \"$tool\" \"$exe\" \"$@\") > \"$d/$tool.log\" 2>&1\n"
    "    echo $? > \"$d/$tool.exit\"\n"
    "  done\n"
    "}\n"
    "\n# builds, side by side\n";

Status vf_write_cuda_script(FILE *out, const Program *programs, size_t n, const char *cwd) {
  fprintf(out, script_head, SCRIPT_RUN_SECONDS, SCRIPT_RUN_SECONDS);
  for (size_t i = 0; i < n; i++)
    if (programs[i].buildable)
      put_build(out, &programs[i], cwd);
  fputs("wait\n\n# timed runs, one at a time\n", out);
  for (size_t i = 0; i < n; i++)
    if (programs[i].buildable)
      put_call(out, "run", &programs[i], cwd);
  fputs("\n# sanitizer runs, when asked for\n", out);
  for (size_t i = 0; i < n; i++)
    if (programs[i].buildable)
      put_call(out, "sanitize", &programs[i], cwd);
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

/* The value of "key: value" in machine.txt's text; NULL when absent or empty. */
static char *machine_value(const char *machine, const char *key) {
  size_t n = strlen(key);
  for (const char *line = machine; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
    if (strncmp(line, key, n) == 0 && line[n] == ':') {
      const char *v = line + n + 1 + strspn(line + n + 1, " ");
      size_t len = strcspn(v, "\r\n");
      return len ? cm_xstrndup(v, len) : NULL;
    }
  return NULL;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Runs 2..N (stdout.N, exit.N) beside run 1's output: their time_ms joins run 1's
 * for the median, and an output that differs from run 1's is said in *why. */
static double median_time(const char *runs, const Program *p, const Tolerance *tol, const char *first,
                          size_t *count, char **why) {
  double times[64];
  size_t n = 0;
  if (vf_time_ms(first) >= 0)
    times[n++] = vf_time_ms(first);
  for (int k = 2; k < 64; k++) {
    char *name = cm_xasprintf("exit.%d", k), *exit_text = first_line(run_file(runs, p->name, name));
    free(name);
    if (!exit_text)
      break;
    name = cm_xasprintf("stdout.%d", k);
    char *out = run_file(runs, p->name, name);
    free(name);
    Comparison cmp = {0};
    if (strcmp(exit_text, "0") != 0 && !*why)
      *why = cm_xasprintf("run %d exited %s", k, exit_text);
    else if (out && !vf_same_output(first, out, tol, &cmp) && !*why)
      *why = cm_xasprintf("run %d printed '%s' where run 1 printed '%s'", k, cmp.actual, cmp.expected);
    else if (out && vf_time_ms(out) >= 0)
      times[n++] = vf_time_ms(out);
    vf_comparison_free(&cmp);
    free(out);
    free(exit_text);
  }
  *count = n;
  if (!n)
    return -1;
  qsort(times, n, sizeof *times, by_value);
  return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
}

/* compute-sanitizer's verdict for each tool that left a log, in its own words
 * (its last "SUMMARY: " line): "; memcheck: 0 errors", "; racecheck: 0 hazards
 * displayed (0 errors, 0 warnings)". */
static void add_sanitizer_results(const char *runs, const Program *p, Buf *b) {
  static const char *const tools[] = {"memcheck", "racecheck", "initcheck", "synccheck"};
  for (size_t i = 0; i < sizeof tools / sizeof *tools; i++) {
    char *name = cm_xasprintf("%s.log", tools[i]), *log = run_file(runs, p->name, name);
    free(name);
    if (!log)
      continue;
    const char *summary = NULL;
    for (const char *at = log; (at = strstr(at, "SUMMARY: ")); at++)
      summary = at + strlen("SUMMARY: ");
    if (summary) {
      buf_printf(b, "; %s: %.*s", tools[i], (int)strcspn(summary, "\r\n"), summary);
    } else {
      name = cm_xasprintf("%s.exit", tools[i]);
      char *exit_text = first_line(run_file(runs, p->name, name));
      buf_printf(b, "; %s: no summary (exit %s)", tools[i], exit_text ? exit_text : "unknown");
      free(exit_text);
      free(name);
    }
    free(log);
  }
}

/* A run that exited 0: judged, timed over every run, and its sanitizer results said. */
static void import_run(const Program *p, const VerifyOptions *opt, const Tolerance *tol, const char *machine,
                       VerifyResult *res) {
  char *out = run_file(opt->cuda_runs, p->name, "stdout"), *why = NULL;
  const char *first = out ? out : "";
  size_t count;
  double median = median_time(opt->cuda_runs, p, tol, first, &count, &why);
  char *facts = cm_xasprintf("%sruns: %zu\ntime_ms_median: %g\n", machine ? machine : "", count, median);
  vf_judge_cuda_output(p, opt, tol, first, facts, res);
  res->cuda_ms = median;
  Buf b = {0};
  buf_puts(&b, res->cuda_build);
  if (why)
    buf_printf(&b, "; %s", why);
  add_sanitizer_results(opt->cuda_runs, p, &b);
  free(res->cuda_build);
  res->cuda_build = cm_xstrdup(buf_cstr(&b));
  buf_free(&b);
  free(facts);
  free(why);
  free(out);
}

void vf_import_cuda_run(const Program *p, const VerifyOptions *opt, const Tolerance *tol, VerifyResult *res) {
  char *exit_text = first_line(run_file(opt->cuda_runs, p->name, "exit"));
  char *machine = run_file(opt->cuda_runs, NULL, "machine.txt");
  char *gpu = machine ? machine_value(machine, "gpu") : NULL;
  if (!exit_text) {
    res->cuda_build = cm_xasprintf("no run in %s", opt->cuda_runs);
  } else if (strcmp(exit_text, "build-failed") == 0) {
    char *log = run_file(opt->cuda_runs, p->name, "build.log"), *t = tail(log);
    res->cuda_build = cm_xasprintf("failed: %s", t);
    free(log);
    free(t);
  } else if (strcmp(exit_text, "0") != 0) {
    char *err = run_file(opt->cuda_runs, p->name, "stderr"), *t = tail(err);
    res->cuda_gpu = gpu ? cm_xstrdup(gpu) : NULL;
    res->cuda_build = cm_xasprintf("run failed: exit code %s; stderr: %s", exit_text, t);
    free(err);
    free(t);
  } else {
    res->cuda_gpu = gpu ? cm_xstrdup(gpu) : NULL;
    import_run(p, opt, tol, machine, res);
  }
  free(exit_text);
  free(machine);
  free(gpu);
}
