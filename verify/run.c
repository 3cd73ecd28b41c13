/* Running the tools and the programs: fork/exec with stdout and stderr captured
 * to files, a time limit, and the exit code or signal kept. Nothing goes through
 * a shell, so paths with spaces or quotes are safe. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "verify_p.h"

static char *slurp(const char *path) {
  char *data;
  size_t len;
  return cm_read_file(path, &data, &len) == ST_OK ? data : cm_xstrdup("");
}

/* TMPDIR is the run's own folder: hipcc's clang leaves an empty folder in the
 * temporary directory on every compile, and this one is removed afterwards. */
static void child(const char *dir, char *const *argv, const char *tmp, const char *out, const char *err) {
  if ((dir && chdir(dir) != 0) || setenv("TMPDIR", tmp, 1) != 0)
    _exit(126);
  int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644), e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int in = open("/dev/null", O_RDONLY);
  if (o < 0 || e < 0 || in < 0)
    _exit(126);
  dup2(in, 0);
  dup2(o, 1);
  dup2(e, 2);
  setpgid(0, 0); /* a timeout kills the whole group (hipcc runs clang) */
  execvp(argv[0], argv);
  _exit(127);
}

/* Waits up to `seconds`; then the process group is killed and timed_out set. */
static int wait_for(pid_t pid, int seconds, bool *timed_out) {
  int status = 0;
  for (int waited = 0;; waited++) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid)
      return status;
    if (waited >= seconds * 10) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      *timed_out = true;
      return status;
    }
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
}

Status run_command(const char *dir, char *const *argv, int seconds, RunResult *out) {
  *out = (RunResult){0};
  char *tmpl = cm_make_temp_dir("hipport-run");
  if (!tmpl)
    return ST_ENV;
  char *o = cm_xasprintf("%s/out", tmpl), *e = cm_xasprintf("%s/err", tmpl);
  pid_t pid = fork();
  if (pid == 0)
    child(dir, argv, tmpl, o, e);
  Status st = pid < 0 ? cm_fail(ST_ENV, "cannot start %s", argv[0]) : ST_OK;
  if (!st) {
    int status = wait_for(pid, seconds, &out->timed_out);
    out->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    out->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    out->out = slurp(o);
    out->err = slurp(e);
  }
  cm_remove_tree(tmpl);
  free(tmpl);
  free(o);
  free(e);
  return st;
}

void run_result_free(RunResult *r) {
  free(r->out);
  free(r->err);
  *r = (RunResult){0};
}

bool on_path(const char *tool) {
  const char *path = getenv("PATH");
  if (!path)
    return false;
  char *copy = cm_xstrdup(path);
  bool found = false;
  for (char *dir = strtok(copy, ":"); dir && !found; dir = strtok(NULL, ":")) {
    char *full = cm_xasprintf("%s/%s", dir, tool);
    found = access(full, X_OK) == 0;
    free(full);
  }
  free(copy);
  return found;
}
