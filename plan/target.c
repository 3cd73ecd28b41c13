/* The target release a plan is made for: the one asked for (--rocm X, or
 * `newest`), else the HIP installed here, else the newest release the rules
 * know. The installation is looked for under --rocm-path, $ROCM_PATH, /opt/rocm
 * and /usr, in that order: a root's include/hip/hip_version.h gives its release,
 * or else its bin/hipconfig --version. Each choice carries the reason reports
 * print beside it ("installed at /usr"), so a port always says what it is for. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plan.h"

/* HIP_VERSION_MAJOR/MINOR of a hip_version.h; its PATCH is a build number. */
static bool from_header(const char *root, unsigned *major, unsigned *minor) {
  char *path = cm_xasprintf("%s/include/hip/hip_version.h", root), *text;
  size_t len;
  bool ok = false;
  if (cm_read_file(path, &text, &len) == ST_OK) {
    const char *ma = strstr(text, "#define HIP_VERSION_MAJOR"), *mi = strstr(text, "#define HIP_VERSION_MINOR");
    ok = ma && mi && sscanf(ma, "#define HIP_VERSION_MAJOR %u", major) == 1 &&
         sscanf(mi, "#define HIP_VERSION_MINOR %u", minor) == 1 && *major > 0;
    free(text);
  }
  free(path);
  return ok;
}

/* `hipconfig --version` prints 5.2.21153-0: major.minor.build. */
static bool from_hipconfig(const char *root, unsigned *major, unsigned *minor) {
  char *tool = cm_xasprintf("%s/bin/hipconfig", root);
  bool ok = false;
  char *argv[] = {tool, "--version", NULL};
  CmRun r;
  if (access(tool, X_OK) == 0 && cm_run(NULL, argv, 60, &r) == ST_OK) {
    ok = cm_run_ok(&r) && sscanf(r.out, "%u.%u", major, minor) == 2 && *major > 0;
    cm_run_free(&r);
  }
  free(tool);
  return ok;
}

bool pl_hip_at(const char *root, unsigned *major, unsigned *minor) {
  return from_header(root, major, minor) || from_hipconfig(root, major, minor);
}

size_t pl_hip_roots(const char *rocm_path, const char *roots[4]) {
  size_t n = 0;
  const char *env = getenv("ROCM_PATH");
  if (rocm_path)
    roots[n++] = rocm_path;
  if (env && *env)
    roots[n++] = env;
  roots[n++] = "/opt/rocm";
  roots[n++] = "/usr";
  return n;
}

/* The newest known release at or before major.minor; NONE when all are later. */
static Version known_up_to(const RuleDb *db, Version v) {
  Version best = VERSION_NONE;
  for (size_t i = 0; i < rl_release_count(db); i++)
    if (rl_release(db, i) <= v + 999)
      best = rl_release(db, i);
  return best;
}

static void found(const RuleDb *db, const char *root, unsigned major, unsigned minor, Target *out) {
  Version v = major * 1000000u + minor * 1000u, known = known_up_to(db, v);
  if (known / 1000 == v / 1000) {
    *out = (Target){known, cm_xasprintf("installed at %s", root)};
  } else if (known) {
    *out = (Target){known, cm_xasprintf("newest known up to the HIP %u.%u installed at %s", major, minor, root)};
  } else {
    *out = (Target){rl_release(db, 0), cm_xasprintf("oldest known; the HIP %u.%u at %s is older", major, minor, root)};
  }
}

Status pl_target(const RuleDb *db, const char *asked, const char *const *roots, size_t nroots, Target *out) {
  if (asked && strcmp(asked, "newest") == 0) {
    *out = (Target){rl_newest_release(db), cm_xstrdup("newest known, as asked")};
    return ST_OK;
  }
  if (asked) {
    if (!rl_resolve_release(db, asked, &out->release))
      return cm_fail_cause(ST_USAGE, PL_UNKNOWN_RELEASE, "ROCm release '%s' is not one the rules know", asked);
    out->why = cm_xstrdup("asked for");
    return ST_OK;
  }
  unsigned major, minor;
  for (size_t i = 0; i < nroots; i++)
    if (pl_hip_at(roots[i], &major, &minor)) {
      found(db, roots[i], major, minor, out);
      return ST_OK;
    }
  *out = (Target){rl_newest_release(db), cm_xstrdup("newest known; no HIP found")};
  return ST_OK;
}

void pl_target_free(Target *t) {
  free(t->why);
  t->why = NULL;
}
