/* compile_commands.json through libclang's CXCompilationDatabase: each file with
 * the flags its build uses, minus what makes no sense for a parse (the compiler
 * itself, -c, -o FILE, the source file). */
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "analyzer_p.h"

/* The flags a parse needs from a build's command: include paths, macros and the
 * language standard. The rest (nvcc's -arch, -Xcompiler, -gencode, -o...) means
 * nothing to clang's parser or would stop it, and hipport adds its own CUDA mode. */
static const char *const kept[] = {"-I", "-D", "-U", "-isystem", "-iquote", "-include", "-std="};

/* 0: not kept; 1: kept with its value attached; 2: kept, value in the next argument. */
static int keeps(const char *arg) {
  for (size_t i = 0; i < sizeof kept / sizeof *kept; i++) {
    size_t n = strlen(kept[i]);
    if (strncmp(arg, kept[i], n) == 0)
      return arg[n] || kept[i][n - 1] == '=' ? 1 : 2;
  }
  return 0;
}

/* Relative include folders are relative to the command's directory. */
static char *absolute_flag(const char *flag, const char *value, const char *dir) {
  bool path = strcmp(flag, "-D") && strcmp(flag, "-U") && strcmp(flag, "-std=");
  if (path && value[0] != '/')
    return cm_xasprintf("%s%s/%s", flag, dir, value);
  return cm_xasprintf("%s%s", flag, value);
}

static void keep_arg(Candidate *c, const char *arg, const char *next) {
  for (size_t i = 0; i < sizeof kept / sizeof *kept; i++) {
    size_t n = strlen(kept[i]);
    if (strncmp(arg, kept[i], n) == 0) {
      const char *value = arg[n] || kept[i][n - 1] == '=' ? arg + n : next; /* "-std=" alone: empty */
      if (strcmp(kept[i], "-isystem") == 0 || strcmp(kept[i], "-include") == 0 || strcmp(kept[i], "-iquote") == 0) {
        c->args[c->nargs++] = cm_xstrdup(kept[i]);
        c->args[c->nargs++] = value[0] == '/' ? cm_xstrdup(value) : cm_xasprintf("%s/%s", c->dir, value);
      } else {
        c->args[c->nargs++] = absolute_flag(kept[i], value, c->dir);
      }
      return;
    }
  }
}

static void read_command(CXCompileCommand cmd, const char *root, Candidates *out) {
  CXString file = clang_CompileCommand_getFilename(cmd), dir = clang_CompileCommand_getDirectory(cmd);
  const char *name = clang_getCString(file);
  Candidate c = {0};
  c.dir = cm_xstrdup(clang_getCString(dir));
  c.path = name[0] == '/' ? cm_xstrdup(name) : cm_xasprintf("%s/%s", c.dir, name);
  char *real = realpath(c.path, NULL);
  if (real) {
    free(c.path);
    c.path = real;
  }
  size_t n = strlen(root);
  c.rel = cm_xstrdup(strncmp(c.path, root, n) == 0 && c.path[n] == '/' ? c.path + n + 1 : c.path);
  unsigned nargs = clang_CompileCommand_getNumArgs(cmd);
  c.args = cm_xcalloc(2 * nargs + 1, sizeof *c.args);
  for (unsigned i = 1; i < nargs; i++) { /* 0 is the compiler */
    CXString a = clang_CompileCommand_getArg(cmd, i);
    const char *arg = clang_getCString(a);
    int k = keeps(arg);
    if (k == 2 && i + 1 < nargs) {
      CXString v = clang_CompileCommand_getArg(cmd, ++i);
      keep_arg(&c, arg, clang_getCString(v));
      clang_disposeString(v);
    } else if (k == 1) {
      keep_arg(&c, arg, NULL);
    }
    clang_disposeString(a);
  }
  clang_disposeString(file);
  clang_disposeString(dir);
  vec_push(out, c);
}

Status read_compile_db(const char *dir, const char *root, Candidates *out) {
  char *json = cm_xasprintf("%s/compile_commands.json", dir);
  bool present = access(json, R_OK) == 0;
  free(json);
  if (!present)
    return cm_fail(ST_INPUT, "%s/compile_commands.json: not found or unreadable: pass the build folder that holds it (cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)", dir);
  CXCompilationDatabase_Error err;
  fflush(stderr);
  int saved = dup(2), devnull = open("/dev/null", O_WRONLY); /* libclang prints its own parse errors */
  if (devnull >= 0)
    dup2(devnull, 2);
  CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, &err);
  if (saved >= 0)
    dup2(saved, 2), close(saved);
  if (devnull >= 0)
    close(devnull);
  if (err != CXCompilationDatabase_NoError)
    return cm_fail(ST_INPUT, "%s/compile_commands.json: cannot be read as a compilation database: check its JSON", dir);
  CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
  unsigned n = clang_CompileCommands_getSize(cmds);
  for (unsigned i = 0; i < n; i++)
    read_command(clang_CompileCommands_getCommand(cmds, i), root, out);
  clang_CompileCommands_dispose(cmds);
  clang_CompilationDatabase_dispose(db);
  return n ? ST_OK : cm_fail(ST_INPUT, "%s/compile_commands.json: holds no compile command", dir);
}
