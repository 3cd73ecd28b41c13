/* Parsing with libclang in CUDA mode. The CUDA prelude (clang's CUDA wrapper, which
 * pulls in cuda_runtime.h and the device headers) is parsed once into a
 * precompiled header that every file reuses: that is where the speed is. A file
 * whose parse stops on an error is read lexically instead, and says why. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer_p.h"

/* No detailed preprocessing record: tokens and the tree give all the analyzer
 * reads, and the record costs about a tenth of each parse. */
static const unsigned parse_flags = CXTranslationUnit_None;

static const char *find_cuda(const ScanOptions *opt) {
  if (opt->cuda_path)
    return opt->cuda_path;
  const char *env = getenv("CUDA_PATH");
  if (env && *env)
    return env;
  return "/usr/local/cuda";
}

/* The flags every file gets, before its own; *n counts what was written. */
static int base_args(const ParseEnv *env, const char **args, bool with_pch) {
  int n = 0;
  args[n++] = "-x";
  args[n++] = "cuda";
  args[n++] = "--cuda-host-only";
  args[n++] = "-nocudalib";
  args[n++] = env->cuda_flag;
  args[n++] = "-std=c++17";
  args[n++] = "-Wno-unknown-cuda-version";
  args[n++] = "-Xclang";
  args[n++] = "-fcuda-allow-variadic-functions";
  args[n++] = "-isystem";
  args[n++] = env->compat_include;
  if (env->cccl_include) {
    args[n++] = "-isystem";
    args[n++] = env->cccl_include;
  }
  if (with_pch && env->pch) {
    args[n++] = "-include-pch";
    args[n++] = env->pch;
  }
  return n;
}

bool is_cuda_header_path(const ParseEnv *env, const char *path) {
  size_t n = strlen(env->cuda_include);
  return strncmp(path, env->cuda_include, n) == 0 && path[n] == '/';
}

/* The toolkit's Thrust and CUB (under include/, or include/cccl/ from CUDA 13):
 * rocThrust and hipCUB keep their names, so what they declare is no CUDA API. */
bool is_same_name_library_path(const ParseEnv *env, const char *path) {
  if (!is_cuda_header_path(env, path))
    return false;
  const char *rest = path + strlen(env->cuda_include) + 1;
  if (strncmp(rest, "cccl/", 5) == 0)
    rest += 5;
  return strncmp(rest, "thrust/", 7) == 0 || strncmp(rest, "cub/", 4) == 0;
}

/* Only the toolkit's own declarations: clang's CUDA wrappers also declare device
 * printf, malloc and the math library, which are not CUDA entities. */
static void collect_decl_name(void *ctx, const char *name, const char *file) {
  const char *base = strrchr(file, '/');
  if (strncmp(base ? base + 1 : file, "__clang_", 8) != 0)
    nameset_add(ctx, name);
}

/* Parses an empty CUDA file (the prelude alone), saves it as a PCH for every
 * file to reuse, and reads the names the toolkit declares from the same parse. */
static Status parse_prelude(ParseEnv *env) {
  const char *args[32];
  int n = base_args(env, args, false);
  CXIndex index = clang_createIndex(0, 0);
  struct CXUnsavedFile empty = {.Filename = "hipport-prelude.cu", .Contents = "", .Length = 0};
  CXTranslationUnit tu = NULL;
  Status st = ST_OK;
  if (clang_parseTranslationUnit2(index, empty.Filename, args, n, &empty, 1,
                                  CXTranslationUnit_ForSerialization | CXTranslationUnit_Incomplete |
                                      CXTranslationUnit_DetailedPreprocessingRecord,
                                  &tu) != CXError_Success) {
    st = cm_fail(ST_ENV, "libclang cannot parse the CUDA headers in %s: check --cuda-path", env->cuda_include);
  } else {
    env->cuda_names = nameset_new();
    visit_declarations(tu, env->cuda_include, collect_decl_name, env->cuda_names);
    char dir[] = "/tmp/hipport-pch-XXXXXX";
    if (mkdtemp(dir)) {
      env->pch = cm_xasprintf("%s/prelude.pch", dir);
      if (clang_saveTranslationUnit(tu, env->pch, clang_defaultSaveOptions(tu)) != CXSaveError_None) {
        free(env->pch); /* slower without it, but still right */
        env->pch = NULL;
        rmdir(dir);
      }
    }
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  return st;
}

Status parse_env_init(ParseEnv *env, const ScanOptions *opt, const RuleDb *db, Strings include_dirs) {
  *env = (ParseEnv){.cuda_path = realpath(find_cuda(opt), NULL), .compat_include = opt->compat_include, .db = db,
                    .include_dirs = include_dirs};
  char *inc = cm_xasprintf("%s/include", env->cuda_path ? env->cuda_path : find_cuda(opt));
  char *runtime = cm_xasprintf("%s/cuda_runtime.h", inc);
  env->cuda_include = realpath(inc, NULL);
  bool ok = env->cuda_include && access(runtime, R_OK) == 0;
  free(runtime);
  if (!ok) {
    Status st = cm_fail(ST_ENV, "%s: no CUDA Toolkit headers there (cuda_runtime.h): pass --cuda-path DIR or set CUDA_PATH", inc);
    free(inc);
    parse_env_free(env);
    return st;
  }
  free(inc);
  env->cuda_flag = cm_xasprintf("--cuda-path=%s", env->cuda_path);
  char *cccl = cm_xasprintf("%s/cccl", env->cuda_include);
  if (access(cccl, R_OK) == 0)
    env->cccl_include = cccl;  /* nvcc adds it; CUDA 13's cooperative groups need it */
  else
    free(cccl);
  Status st = parse_prelude(env);
  if (st)
    parse_env_free(env);
  return st;
}

void parse_env_free(ParseEnv *env) {
  if (env->pch) {
    unlink(env->pch);
    char *slash = strrchr(env->pch, '/');
    *slash = '\0';
    rmdir(env->pch);
    free(env->pch);
  }
  free(env->cuda_path);
  free(env->cuda_flag);
  free(env->cuda_include);
  free(env->cccl_include);
  nameset_free(env->cuda_names);
  nameset_free(env->project_files);
}

/* A syntax error: the tree around it is not to be trusted. A semantic error
 * (a host max() that nvcc accepts, a type clang is stricter about) leaves the
 * tree whole, so the parse is kept. */
static bool breaks_the_tree(CXDiagnostic d) {
  CXString cat = clang_getDiagnosticCategoryText(d);
  const char *c = clang_getCString(cat);
  bool syntax = c && (strcmp(c, "Parse Issue") == 0 || strcmp(c, "Lexical or Preprocessor Issue") == 0);
  clang_disposeString(cat);
  return syntax;
}

/* A diagnostic as clang prints it, location first. */
static char *diag_text(CXDiagnostic d) {
  CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn);
  char *text = cm_xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return text;
}

/* clang's own stop after 20 errors names no cause: the first error does. */
static bool is_error_limit(CXDiagnostic d) {
  CXString s = clang_getDiagnosticSpelling(d);
  bool limit = strstr(clang_getCString(s), "too many errors emitted") != NULL;
  clang_disposeString(s);
  return limit;
}

/* The first syntax error in the file itself, or a fatal one anywhere: why the
 * parse is not to be trusted. NULL when the parse is good. */
static char *parse_error(CXTranslationUnit tu, unsigned *offset) {
  unsigned n = clang_getNumDiagnostics(tu);
  char *why = NULL, *first = NULL;
  for (unsigned i = 0; i < n && !why; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
    CXSourceLocation loc = clang_getDiagnosticLocation(d);
    if (sev == CXDiagnostic_Fatal && is_error_limit(d) && first) {
      why = first;
      first = NULL;
    } else if (sev == CXDiagnostic_Fatal ||
               (sev == CXDiagnostic_Error && clang_Location_isFromMainFile(loc) && breaks_the_tree(d))) {
      if (clang_Location_isFromMainFile(loc))
        clang_getFileLocation(loc, NULL, NULL, NULL, offset);
      why = diag_text(d);
    } else if (sev == CXDiagnostic_Error && !first) {
      first = diag_text(d);
    }
    clang_disposeDiagnostic(d);
  }
  free(first);
  return why;
}

/* Flags for one file: the defaults, its folder and the tree's include/ folders,
 * then what its compile command says. */
static int file_args(const ParseEnv *env, const Candidate *c, const char **args, int cap, char **owned) {
  int n = base_args(env, args, true);
  char *dir = cm_xstrdup(c->path);
  *strrchr(dir, '/') = '\0';
  *owned = cm_xasprintf("-I%s", dir);
  free(dir);
  args[n++] = *owned;
  for (size_t i = 0; i < env->include_dirs.len && n < cap - 2; i++) {
    args[n++] = "-I";
    args[n++] = env->include_dirs.items[i];
  }
  for (int i = 0; i < c->nargs && n < cap; i++)
    args[n++] = c->args[i];
  return n;
}

/* When the real parse gives nothing at all, a TU is still needed for clang's
 * tokens: parse with no include paths, errors ignored. */
static CXTranslationUnit lexical_tu(CXIndex index, const char *path) {
  const char *args[] = {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-Wno-everything"};
  CXTranslationUnit tu = NULL;
  clang_parseTranslationUnit2(index, path, args, 6, NULL, 0, CXTranslationUnit_Incomplete, &tu);
  return tu;
}

void parse_file(const ParseEnv *env, CXIndex index, const Candidate *c, SourceFile *f) {
  const char *args[512];
  char *owned;
  int n = file_args(env, c, args, 512, &owned);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode err = clang_parseTranslationUnit2(index, c->path, args, n, NULL, 0, parse_flags, &tu);
  char *why = NULL;
  if (err != CXError_Success || !tu) {
    why = cm_xasprintf("libclang could not parse the file (error %d): check its flags", (int)err);
    tu = lexical_tu(index, c->path);
  } else {
    why = parse_error(tu, &f->fallback_offset);
  }
  f->parser = why ? PARSER_LEXICAL : PARSER_LIBCLANG;
  f->fallback_reason = why;
  if (tu) {
    collect_facts(env, tu, !why, f);
    clang_disposeTranslationUnit(tu);
  }
  free(owned);
}
