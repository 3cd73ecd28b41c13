/* Running other programs, the one way every stage does it: posix_spawn (safe
 * while other threads run, unlike fork then setenv), an argv and never a shell
 * (paths with spaces or quotes stay whole), an explicit environment, the
 * child's stdout and stderr in files, and a time limit that ends the child's
 * whole process group (hipcc runs clang, make runs compilers). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common.h"

extern char **environ;

/* This process's environment with each NAME=value of `set` in place of NAME's own. */
static char **environment(const char *const *set, size_t *n_out) {
  size_t n = 0, extra = 0;
  while (environ[n])
    n++;
  while (set && set[extra])
    extra++;
  char **env = cm_xcalloc(n + extra + 1, sizeof *env);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    bool replaced = false;
    for (size_t j = 0; j < extra && !replaced; j++) {
      size_t name = strcspn(set[j], "=");
      replaced = strncmp(environ[i], set[j], name) == 0 && environ[i][name] == '=';
    }
    if (!replaced)
      env[k++] = environ[i];
  }
  for (size_t j = 0; j < extra; j++)
    env[k++] = (char *)set[j];
  *n_out = k;
  return env;
}

Status cm_spawn(const CmCommand *c, pid_t *pid) {
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&fa);
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP); /* group 0: its own, for cm_wait's kill */
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (c->out)
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, c->out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (c->err)
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, c->err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (c->dir)
    posix_spawn_file_actions_addchdir_np(&fa, c->dir);
  size_t n;
  char **env = environment(c->env, &n);
  int rc = posix_spawnp(pid, c->argv[0], &fa, &attr, c->argv, env);
  free(env);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  return rc == 0 ? ST_OK : cm_fail(ST_ENV, "cannot start %s: %s", c->argv[0], strerror(rc));
}

void cm_wait(pid_t pid, int seconds, CmExit *out) {
  int status = 0;
  *out = (CmExit){0};
  for (long waited = 0;; waited++) {
    pid_t r = waitpid(pid, &status, seconds > 0 ? WNOHANG : 0);
    if (r == pid || r < 0)
      break;
    if (waited >= seconds * 10L) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      out->timed_out = true;
      break;
    }
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
  out->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  out->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

static char *slurp(const char *path) {
  char *data;
  size_t len;
  return cm_read_file(path, &data, &len) == ST_OK ? data : cm_xstrdup("");
}

/* TMPDIR is the run's own folder: hipcc's clang leaves an empty folder in the
 * temporary directory on every compile, and this one is removed afterwards. */
Status cm_run(const char *dir, char *const *argv, int seconds, CmRun *out) {
  *out = (CmRun){0};
  char *tmp = cm_make_temp_dir("hipport-run");
  if (!tmp)
    return ST_ENV;
  char *o = cm_xasprintf("%s/out", tmp), *e = cm_xasprintf("%s/err", tmp), *tmpdir = cm_xasprintf("TMPDIR=%s", tmp);
  const char *env[] = {tmpdir, NULL};
  pid_t pid;
  Status st = cm_spawn(&(CmCommand){.argv = argv, .dir = dir, .env = env, .out = o, .err = e}, &pid);
  if (!st) {
    cm_wait(pid, seconds, &out->exit);
    out->out = slurp(o);
    out->err = slurp(e);
  }
  cm_remove_tree(tmp);
  free(tmp), free(o), free(e), free(tmpdir);
  return st;
}

bool cm_run_ok(const CmRun *r) { return r->exit.exit_code == 0 && !r->exit.timed_out; }

void cm_run_free(CmRun *r) {
  free(r->out);
  free(r->err);
  *r = (CmRun){0};
}

bool cm_on_path(const char *tool) {
  const char *path = getenv("PATH");
  if (!path)
    return false;
  char *copy = cm_xstrdup(path), *save;
  bool found = false;
  for (char *dir = strtok_r(copy, ":", &save); dir && !found; dir = strtok_r(NULL, ":", &save)) {
    char *full = cm_xasprintf("%s/%s", dir, tool);
    found = access(full, X_OK) == 0;
    free(full);
  }
  free(copy);
  return found;
}
