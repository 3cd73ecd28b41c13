/* A port that came with a build file is built by it: verify proves that the
 * ported CMakeLists.txt or Makefile builds, not only that hipcc takes the
 * sources. CMake configures in a folder of its own under verify's work folder
 * with CMAKE_HIP_ARCHITECTURES set to the target (the ported file picks the HIP
 * language or hipcc as the C++ compiler itself); make runs in the port's folder
 * with the target the port already names (--offload-arch, set when the plan
 * wrote it). Either way the program is the binary named after it, moved to
 * `exe`. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify_p.h"

enum { BUILD_SECONDS = 600 };

static bool has(const char *dir, const char *name) {
  char *path = cm_xasprintf("%s/%s", dir, name);
  bool found = access(path, R_OK) == 0;
  free(path);
  return found;
}

/* The last line holding "rror" (Error, error) of a build tool's output, or its tail. */
static char *last_error(const CmRun *r) {
  const char *text = *r->err ? r->err : r->out, *hit = NULL;
  for (const char *p = text; (p = strstr(p, "rror")); p++)
    hit = p;
  if (!hit)
    return cm_xstrdup(*text ? text : "the build failed without a message");
  const char *b = hit, *e = strchr(hit, '\n');
  while (b > text && b[-1] != '\n')
    b--;
  return cm_xstrndup(b, e ? (size_t)(e - b) : strlen(b));
}

static bool take_binary(const char *built, const char *exe, char **error) {
  if (rename(built, exe) == 0)
    return true;
  *error = cm_xasprintf("the build made no %s", built);
  return false;
}

Status vf_port_build_run(PortBuild how, const char *port, const char *arch, const char *build, CmRun *r) {
  char *archs = cm_xasprintf("-DCMAKE_HIP_ARCHITECTURES=%s", arch);
  char *configure[] = {"cmake", "-S", (char *)port, "-B", (char *)build, archs, "-DCMAKE_BUILD_TYPE=Release", NULL};
  char *cmake_build[] = {"cmake", "--build", (char *)build, NULL};
  char *make[] = {"make", "-C", (char *)port, NULL};
  Status st = cm_run(port, how == PB_CMAKE ? configure : make, BUILD_SECONDS, r);
  if (!st && how == PB_CMAKE && cm_run_ok(r)) {
    cm_run_free(r);
    st = cm_run(port, cmake_build, BUILD_SECONDS, r);
  }
  free(archs);
  return st;
}

/* Runs the port's build; false with *error set when a step fails. */
static bool build(PortBuild how, const char *port, const char *arch, const char *build, char **error, Status *st) {
  CmRun r;
  if ((*st = vf_port_build_run(how, port, arch, build, &r)))
    return false;
  bool ok = cm_run_ok(&r);
  if (!ok) {
    char *why = r.exit.timed_out ? cm_xstrdup("timed out") : last_error(&r);
    *error = cm_xasprintf("%s: %s", how == PB_CMAKE ? "cmake" : "make", why);
    free(why);
  }
  cm_run_free(&r);
  return ok;
}

static Status with_cmake(const Program *p, const char *hip_dir, const char *arch, const char *exe, char **error) {
  char *dir = cm_xasprintf("%s.build", exe), *built = cm_xasprintf("%s/%s", dir, p->name);
  Status st = ST_OK;
  if (build(PB_CMAKE, hip_dir, arch, dir, error, &st))
    take_binary(built, exe, error);
  free(dir), free(built);
  return st;
}

static Status with_make(const Program *p, const char *hip_dir, const char *arch, const char *exe, char **error) {
  char *built = cm_xasprintf("%s/%s", hip_dir, p->name);
  Status st = ST_OK;
  if (build(PB_MAKE, hip_dir, arch, NULL, error, &st))
    take_binary(built, exe, error);
  free(built);
  return st;
}

const char *vf_port_build_name(PortBuild how) {
  static const char *const names[] = {[PB_NONE] = "hipcc", [PB_CMAKE] = "CMakeLists.txt", [PB_MAKE] = "Makefile"};
  return names[how];
}

/* A CMakeLists.txt without project() is a subdirectory's, which only its
 * parent's build can configure (HeCBench's per-program files call the top
 * level's functions): not a build of this folder. */
static bool cmake_project(const char *dir) {
  char *path = cm_xasprintf("%s/CMakeLists.txt", dir), *text;
  size_t len;
  bool found = false;
  if (cm_read_file(path, &text, &len) == ST_OK) {
    for (const char *p = text; !found && (p = strcasestr(p, "project")); p += 7)
      found = (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) && p[7 + strspn(p + 7, " \t")] == '(';
    free(text);
  }
  free(path);
  return found;
}

PortBuild vf_port_build(const char *hip_dir) {
  bool make = has(hip_dir, "Makefile") || has(hip_dir, "makefile") || has(hip_dir, "GNUmakefile");
  return cmake_project(hip_dir) ? PB_CMAKE : make ? PB_MAKE : PB_NONE;
}

Status vf_build_port(const Program *p, PortBuild how, const char *hip_dir, const char *arch, const char *exe,
                     char **error) {
  return how == PB_CMAKE ? with_cmake(p, hip_dir, arch, exe, error) : with_make(p, hip_dir, arch, exe, error);
}
