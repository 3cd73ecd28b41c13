/* Which project a scan root belongs to, so that the same checkout scanned in two
 * CI workspaces is one project. git is asked only when a .git is found at or
 * above the root, and run without a shell (cm_run). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "results.h"

/* The folder at or above `root` that holds .git (a folder, or a worktree's
 * file); NULL when none. malloc'd. */
static char *checkout_of(const char *root) {
  char *dir = cm_xstrdup(root);
  for (;;) {
    char *git = cm_xasprintf("%s/.git", dir);
    struct stat sb;
    bool found = stat(git, &sb) == 0;
    free(git);
    if (found)
      return dir;
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) {
      free(dir);
      return NULL;
    }
    *slash = '\0';
  }
}

/* git -C dir ARGS...: its standard output without the last newline, or NULL
 * when it fails. */
static char *git(const char *dir, const char *a1, const char *a2, const char *a3, const char *a4) {
  char *argv[] = {"git", "-C", (char *)dir, (char *)a1, (char *)a2, (char *)a3, (char *)a4, NULL};
  CmRun r;
  if (cm_run(NULL, argv, 60, &r) != ST_OK)
    return NULL;
  char *out = cm_run_ok(&r) ? r.out : NULL;
  if (out)
    r.out = NULL;
  cm_run_free(&r);
  if (out && *out && out[strlen(out) - 1] == '\n')
    out[strlen(out) - 1] = '\0';
  return out;
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash && slash[1] ? slash + 1 : path;
}

void rs_project_of(const char *root, Project *out) {
  *out = (Project){0};
  char *top = checkout_of(root);
  if (!top) {
    out->name = cm_xstrdup(base_name(root));
    return;
  }
  out->commit = git(root, "rev-parse", "--verify", "-q", "HEAD^{commit}"); /* NULL before the first commit */
  char *url = git(root, "config", "--get", "remote.origin.url", NULL);
  char *changes = out->commit ? git(root, "status", "--porcelain", "--untracked-files=no", NULL) : NULL;
  out->dirty = changes && *changes;
  const char *inside = root + strlen(top);
  out->name = cm_xasprintf("%s%s%s", url && *url ? url : base_name(top), *inside ? ":" : "", *inside ? inside + 1 : "");
  free(changes), free(url), free(top);
}

void rs_project_free(Project *p) {
  free(p->name);
  free(p->commit);
  *p = (Project){0};
}
