/* Parsing with libclang in CUDA mode. The CUDA prelude (clang's CUDA wrapper, which
 * pulls in cuda_runtime.h and the device headers) is parsed once into a
 * precompiled header that every file reuses: that is where the speed is. A file
 * whose parse stops on an error is read lexically instead, and says why. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer_p.h"

/* No detailed preprocessing record: tokens and the tree give all the analyzer
 * reads, and the record costs about a tenth of each parse. Incomplete: the
 * function templates a file uses are not instantiated at its end (Thrust's sort,
 * CUB's block loads), which only code generation needs; the analyzer reads the
 * file's own code, whose references clang resolves as it parses them. It also
 * spares a file the errors clang finds only inside those instantiations. */
static const unsigned parse_flags = CXTranslationUnit_Incomplete;

const char *an_cuda_path(const char *asked) {
  if (asked)
    return asked;
  const char *env = getenv("CUDA_PATH");
  if (env && *env)
    return env;
  return "/usr/local/cuda";
}

int base_args(const ParseEnv *env, const char **args, const char *pch) {
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
  args[n++] = "-include"; /* by name, so that -isystem finds it and it is a system header as the wrapper is */
  args[n++] = "hipport_nvcc_macros.h";
  if (env->cccl_include) {
    args[n++] = "-isystem";
    args[n++] = env->cccl_include;
  }
  if (pch) {
    args[n++] = "-include-pch";
    args[n++] = pch;
  }
  return n;
}

bool is_cuda_header_path(const ParseEnv *env, const char *path) { return cm_path_inside(env->cuda_include, path); }

/* Under the scan root, outside the toolkit: the tree's own. */
static bool is_tree_path(const ParseEnv *env, const char *path) {
  return path && env->scan_root && cm_path_inside(env->scan_root, path) && !is_cuda_header_path(env, path);
}

bool in_system_header(const ParseEnv *env, CXSourceLocation loc) {
  if (!clang_Location_isInSystemHeader(loc))
    return false;
  CXFile file;
  clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
  CXString name = clang_getFileName(file);
  bool tree = is_tree_path(env, clang_getCString(name));
  clang_disposeString(name);
  return !tree;
}

/* The toolkit's Thrust and CUB (under include/, or include/cccl/ from CUDA 13), and
 * its NCCL (include/nccl.h, CUDA 13): rocThrust, hipCUB and RCCL keep their
 * names, so what they declare is no CUDA API. */
/* A toolkit header's path from include/ (or include/cccl/); NULL for another's. */
static const char *toolkit_relative(const ParseEnv *env, const char *path) {
  if (!is_cuda_header_path(env, path))
    return NULL;
  const char *rest = path + strlen(env->cuda_include) + 1;
  return strncmp(rest, "cccl/", 5) == 0 ? rest + 5 : rest;
}

bool is_same_name_library_path(const ParseEnv *env, const char *path) {
  const char *rest = toolkit_relative(env, path);
  if (!rest)
    return false;
  size_t folder = strcspn(rest, "/");
  if (rest[folder] == '/')
    return rl_same_name_library(env->db, rest, folder);
  const char *dot = strrchr(rest, '.'); /* a header of its own at the top: nccl.h */
  return dot && rl_same_name_library(env->db, rest, (size_t)(dot - rest));
}

/* A toolkit header whose declarations a reading from tokens takes for CUDA's
 * API: not a library's that keeps its names (thrust), nor one's whose names
 * all live in its namespace (libcu++: cuda::). */
static bool cuda_api_header(const char *real_path, void *env) {
  const char *rest = toolkit_relative(env, real_path);
  size_t folder = rest ? strcspn(rest, "/") : 0;
  return rest && !is_same_name_library_path(env, real_path) &&
         !(rest[folder] == '/' && rl_namespaced_library(((const ParseEnv *)env)->db, rest, folder));
}

/* Only the toolkit's own declarations: clang's CUDA wrappers also declare device
 * printf, malloc and the math library, which are not CUDA entities. */
static void collect_decl_name(void *ctx, const char *name, const char *file) {
  const char *base = strrchr(file, '/');
  if (strncmp(base ? base + 1 : file, "__clang_", 8) != 0)
    nameset_add(ctx, name);
}

/* A PCH of this run's own, in a temporary folder removed at the end. */
static void save_private_pch(ParseEnv *env, CXTranslationUnit tu) {
  cm_signals_hold(); /* libclang saves through a name of its own in the folder */
  char *dir = cm_make_temp_dir("hipport-pch");
  if (dir) {
    env->pch = cm_xasprintf("%s/prelude.pch", dir);
    env->pch_slot = cm_cleanup_add(dir, env->pch); /* an interrupted run leaves no PCH behind */
    if (clang_saveTranslationUnit(tu, env->pch, clang_defaultSaveOptions(tu)) != CXSaveError_None) {
      free(env->pch); /* slower without it, but still right */
      env->pch = NULL;
      rmdir(dir);
      cm_cleanup_drop(env->pch_slot);
    }
    free(dir);
  }
  cm_signals_release();
}

/* Parses an empty CUDA file: the prelude alone. */
static CXTranslationUnit prelude_tu(const ParseEnv *env, CXIndex index, const char *const *args, int n) {
  struct CXUnsavedFile empty = {.Filename = "hipport-prelude.cu", .Contents = "", .Length = 0};
  CXTranslationUnit tu = NULL;
  unsigned flags = CXTranslationUnit_ForSerialization | CXTranslationUnit_Incomplete |
                   CXTranslationUnit_DetailedPreprocessingRecord;
  if (clang_parseTranslationUnit2(index, empty.Filename, args, n, &empty, 1, flags, &tu) != CXError_Success)
    cm_fail(ST_ENV, "libclang cannot parse the CUDA headers in %s: check the CUDA Toolkit path", env->cuda_include);
  return tu;
}

/* Saves the prelude as a PCH for every file to reuse, and reads the names the
 * toolkit declares from the same parse; or finds all three in the cache from
 * an earlier run. */
static Status parse_prelude(ParseEnv *env, const char *cache_dir) {
  const char *args[32];
  int n = base_args(env, args, NULL);
  char *key = cache_dir ? prelude_cache_key(env, args, n) : NULL;
  if (key && prelude_cache_load(env, cache_dir, key)) {
    env->prelude_key = key;
    return ST_OK;
  }
  CXIndex index = libclang_index();
  CXTranslationUnit tu = prelude_tu(env, index, args, n);
  if (tu) {
    env->cuda_names = nameset_new();
    visit_declarations(tu, env->cuda_include, collect_decl_name, env->cuda_names);
    env->std_via_cuda = std_map_new();
    std_map_read(env->std_via_cuda, tu, env);
    env->std_names = std_map_new();
    env->std_taken = nameset_new();
    prelude_std_names(tu, env->std_via_cuda, env->std_names, env->std_taken);
    env->c_doubles = nameset_new();
    prelude_c_doubles(tu, env, env->c_doubles);
    env->scope = (PreludeScope){nameset_new(), nameset_new(), false};
    prelude_folders(tu, &env->search_dirs, &env->prelude_roots, env->scope.files);
    env->c_types = nameset_new();
    prelude_file_scope(tu, env, &env->scope, env->c_types);
    env->prelude_values = std_map_new();
    prelude_values(tu, env, env->prelude_values);
    if (!key || !prelude_cache_store(env, cache_dir, key, tu))
      save_private_pch(env, tu); /* no cache, or one that cannot be written: the run goes on */
  }
  if (env->pch_cached)
    env->prelude_key = key;
  else
    free(key);
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  return tu ? ST_OK : ST_ENV;
}

/* ---- surviving a parse that crashes ----
 * libclang runs each parse under LLVM's crash recovery, which turns a crash into
 * CXError_Crashed. Two things stand in its way. It would parse on a thread of its
 * own with an 8 MiB stack: LIBCLANG_NOTHREADS keeps the parse on the worker's
 * 1 GiB stack. And a stack overflow can only be caught on another stack: LLVM
 * installs its handlers without SA_ONSTACK, so libclang_index installs them again
 * with it, and each worker gets a signal stack. */

enum { SIGNAL_STACK_BYTES = 1 << 16 };

void parse_thread_init(void) {
  stack_t ss = {.ss_sp = cm_xmalloc(SIGNAL_STACK_BYTES), .ss_size = SIGNAL_STACK_BYTES};
  sigaltstack(&ss, NULL);
}

void parse_thread_done(void) {
  stack_t ss = {.ss_flags = SS_DISABLE}, old;
  if (sigaltstack(&ss, &old) == 0 && !(old.ss_flags & SS_DISABLE))
    free(old.ss_sp);
}

/* Before the first parse of a run that found its prelude in the cache: a PCH
 * that no longer loads is made again (the names it told stay as read). */
static void prelude_check(ParseEnv *env) {
  pthread_mutex_lock(&env->pch_lock);
  const char *args[40];
  int n = env->pch_unchecked ? base_args(env, args, env->pch) : 0;
  if (env->pch_unchecked && !prelude_pch_loads(args, n)) {
    n = base_args(env, args, NULL);
    CXIndex index = libclang_index();
    CXTranslationUnit tu = prelude_tu(env, index, args, n);
    if (!tu || !prelude_cache_store(env, env->cache_dir, env->prelude_key, tu)) {
      free(env->pch); /* slower without it, but still right */
      env->pch = NULL;
      env->pch_cached = false;
    }
    if (tu)
      clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
  }
  env->pch_unchecked = false;
  pthread_mutex_unlock(&env->pch_lock);
}

Status parse_env_init(ParseEnv *env, const ScanOptions *opt, const RuleDb *db, Strings include_dirs,
                      const char *scan_root) {
  Status there = libclang_check();
  if (there)
    return there;
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  *env = (ParseEnv){.cuda_path = realpath(an_cuda_path(opt->cuda_path), NULL), .compat_include = opt->compat_include, .db = db,
                    .include_dirs = include_dirs, .pch_slot = -1, .extra_args = opt->extra_args,
                    .nextra = opt->nextra, .scan_root = scan_root};
  pthread_mutex_init(&env->repo_lock, NULL);
  pthread_mutex_init(&env->project_lock, NULL);
  pthread_mutex_init(&env->pch_lock, NULL);
  parse_budget_init(&env->budget, opt->parse_memory_mb);
  char *inc = cm_xasprintf("%s/include", env->cuda_path ? env->cuda_path : an_cuda_path(opt->cuda_path));
  char *runtime = cm_xasprintf("%s/cuda_runtime.h", inc);
  env->cuda_include = realpath(inc, NULL);
  bool ok = env->cuda_include && access(runtime, R_OK) == 0;
  free(runtime);
  if (!ok) {
    Status st = cm_fail_cause(ST_ENV, AN_NO_CUDA_HEADERS, "%s: no CUDA Toolkit headers there (cuda_runtime.h)", inc);
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
  env->lexical = opt->lexical;
  env->tiered = opt->tiered && !opt->lexical;
  if (env->lexical) { /* no prelude: the rules alone say what is CUDA */
    env->cuda_names = nameset_new();
    return ST_OK;
  }
  Status st = parse_prelude(env, opt->cache_dir);
  if (!st && env->pch_cached) { /* include blocks are kept beside the prelude, or not at all */
    env->cache_dir = opt->cache_dir;
    env->sets = include_sets_new();
    env->file_hashes = file_hashes_new();
  }
  if (!st && env->tiered) {
    Strings cuda = {0};
    vec_push(&cuda, env->cuda_include);
    if (env->cccl_include)
      vec_push(&cuda, env->cccl_include);
    vec_push(&cuda, (char *)env->compat_include);
    const Strings *dirs[] = {&cuda, &env->search_dirs};
    env->sys = sys_headers_new(dirs, 2, (SysApi){cuda_api_header, env});
    sys_headers_leave_out(env->sys, &env->prelude_roots, &env->scope);
    vec_free(&cuda);
  }
  if (st)
    parse_env_free(env);
  return st;
}

void parse_env_free(ParseEnv *env) {
  if (env->sets)
    cache_prune(env->cache_dir);
  include_sets_free(env->sets);
  file_hashes_free(env->file_hashes);
  free(env->prelude_key);
  if (env->pch && env->pch_cached) {
    free(env->pch);
  } else if (env->pch) {
    unlink(env->pch);
    char *slash = strrchr(env->pch, '/');
    *slash = '\0';
    rmdir(env->pch);
    free(env->pch);
    cm_cleanup_drop(env->pch_slot);
  }
  repo_index_free(env->repo);
  pthread_mutex_destroy(&env->repo_lock);
  project_macros_free(env->project_macros);
  pthread_mutex_destroy(&env->project_lock);
  pthread_mutex_destroy(&env->pch_lock);
  parse_budget_free(&env->budget);
  free(env->cuda_path);
  free(env->cuda_flag);
  free(env->cuda_include);
  free(env->cccl_include);
  nameset_free(env->cuda_names);
  nameset_free(env->project_files);
  std_map_free(env->std_via_cuda);
  std_map_free(env->std_names);
  nameset_free(env->c_doubles);
  nameset_free(env->scope.files);
  nameset_free(env->scope.usings);
  nameset_free(env->c_types);
  nameset_free(env->std_taken);
  std_map_free(env->prelude_values);
  sys_headers_free(env->sys);
  cm_strings_free(&env->search_dirs);
  cm_strings_free(&env->prelude_roots);
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

/* The diagnostic is in `file` (NULL: the file parsed). */
static bool located_in(CXSourceLocation loc, CXFile file) {
  if (!file)
    return clang_Location_isFromMainFile(loc);
  CXFile at;
  clang_getExpansionLocation(loc, &at, NULL, NULL, NULL);
  return at && clang_File_isEqual(at, file);
}

/* The first syntax error in the file itself (`file`, or the one parsed when
 * NULL), or a fatal one anywhere: why the parse is not to be trusted. NULL when
 * the parse is good. */
static char *parse_error(CXTranslationUnit tu, CXFile file, unsigned *offset) {
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
               (sev == CXDiagnostic_Error && located_in(loc, file) && breaks_the_tree(d))) {
      if (located_in(loc, file))
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

/* An error in the file itself, of any kind: a header that names a type its
 * includer's includes declare parses alone with the name unknown, every use of
 * it unresolved (a half2 member read that is not seen as one). */
static bool own_error(CXTranslationUnit tu) {
  bool found = false;
  for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && !found; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && located_in(clang_getDiagnosticLocation(d), NULL);
    clang_disposeDiagnostic(d);
  }
  return found;
}

typedef VEC(const char *) Args;

/* Flags for one file: the defaults, its folder and the tree's header folders,
 * the user's (-I, -D, -include, --extra-arg), what its compile command says,
 * then the folders found for its includes elsewhere in the repository. */
static void file_args(const ParseEnv *env, const Candidate *c, const SourceFile *f, const char *pch, Args *args,
                      char **owned) {
  const char *base[32];
  int n = base_args(env, base, pch);
  for (int i = 0; i < n; i++)
    vec_push(args, base[i]);
  char *dir = cm_xstrdup(c->path);
  *strrchr(dir, '/') = '\0';
  *owned = cm_xasprintf("-I%s", dir);
  free(dir);
  vec_push(args, *owned);
  for (size_t i = 0; i < env->include_dirs.len; i++) {
    vec_push(args, AN_TREE_HEADERS_FLAG);
    vec_push(args, env->include_dirs.items[i]);
  }
  for (size_t i = 0; i < env->nextra; i++)
    vec_push(args, env->extra_args[i]);
  for (int i = 0; i < c->nargs; i++)
    vec_push(args, c->args[i]);
  for (size_t i = 0; i < f->found_includes.len; i++) {
    vec_push(args, "-I");
    vec_push(args, f->found_includes.items[i].dir);
  }
}

/* The header of the first "'x.h' file not found", or NULL. */
static char *missing_include(CXTranslationUnit tu) {
  char *name = NULL;
  for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && !name; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    CXString s = clang_getDiagnosticSpelling(d);
    const char *text = clang_getCString(s), *end = strstr(text, "' file not found");
    if (clang_getDiagnosticSeverity(d) == CXDiagnostic_Fatal && text[0] == '\'' && end)
      name = cm_xstrndup(text + 1, (size_t)(end - text - 1));
    clang_disposeString(s);
    clang_disposeDiagnostic(d);
  }
  return name;
}

/* The folders the flags name for headers. */
static void flag_folders(const Args *args, Strings *out) {
  for (size_t i = 0; i < args->len; i++) {
    const ParseFlag *flag;
    const char *dir, *next = i + 1 < args->len ? args->items[i + 1] : NULL;
    int used = read_flag(args->items[i], next, &flag, &dir);
    if (used && flag->value == FLAG_FOLDER)
      vec_push(out, cm_xstrdup(dir));
    i += used > 1;
  }
}

/* Keeps the parse's facts. A parse that did not find a header depends on the
 * header staying absent: the entry also lists where it was looked for (the
 * folders of c's flags; facts_cache_store adds the folders the parse's other
 * headers came from, and the repository search), so adding it there is a miss. */
static void keep_facts(ParseEnv *env, const char *key, const Candidate *c, const SourceFile *f, CXTranslationUnit tu,
                       const SourceFile *stored) {
  char *missing = missing_include(tu);
  Strings folders = {0};
  if (missing) {
    Args args = {0};
    char *owned;
    file_args(env, c, f, NULL, &args, &owned);
    flag_folders(&args, &folders);
    vec_free(&args);
    free(owned);
  }
  facts_cache_store(env, key, stored, tu, missing, &folders);
  for (size_t i = 0; i < folders.len; i++)
    free(folders.items[i]);
  vec_free(&folders);
  free(missing);
}

/* The repository's index, built on first need and shared by the workers; the
 * caller holds repo_lock. */
static RepoIndex *repository(ParseEnv *env) {
  if (!env->repo)
    env->repo = repo_index_build(env->scan_root);
  return env->repo;
}

/* Where in the repository a missing header is. */
static char *find_in_repository(ParseEnv *env, const char *header, const char *from) {
  pthread_mutex_lock(&env->repo_lock);
  char *dir = repo_index_find(repository(env), header, from);
  pthread_mutex_unlock(&env->repo_lock);
  return dir;
}

/* A header nowhere to be found, in a clone whose submodules are not checked
 * out: the likeliest fix, said with the parse's own reason. */
static char *with_submodule_hint(ParseEnv *env, CXTranslationUnit tu, char *why) {
  char *missing = missing_include(tu);
  if (!missing)
    return why;
  free(missing);
  pthread_mutex_lock(&env->repo_lock);
  const char *subs = repo_index_unfetched(repository(env));
  char *hinted = subs ? cm_xasprintf("%s (the repository's git submodules %s are not checked out: git submodule "
                                     "update --init)", why, subs)
                      : NULL;
  pthread_mutex_unlock(&env->repo_lock);
  if (!hinted)
    return why;
  free(why);
  return hinted;
}

uint64_t repository_answer(ParseEnv *env, const char *header, const char *from) {
  char *dir = find_in_repository(env, header, from);
  uint64_t h = cm_hash_str(cm_hash_str(CM_HASH_SEED, repo_index_root(env->repo)), dir);
  free(dir);
  return h;
}

/* A missing local include found in the repository: its folder joins the file's
 * include path, for another parse. False when there is nothing more to find. */
static bool found_missing_include(ParseEnv *env, CXTranslationUnit tu, const Candidate *c, SourceFile *f) {
  char *header = missing_include(tu), *dir = header ? find_in_repository(env, header, c->path) : NULL;
  for (size_t i = 0; dir && i < f->found_includes.len; i++)
    if (strcmp(f->found_includes.items[i].dir, dir) == 0)
      free(dir), dir = NULL; /* already there, and still not found: give up */
  if (!dir) {
    free(header);
    return false;
  }
  FoundInclude fi = {header, dir};
  vec_push(&f->found_includes, fi);
  return true;
}

void an_forget_found_includes(SourceFile *f) {
  for (size_t i = 0; i < f->found_includes.len; i++)
    free(f->found_includes.items[i].header), free(f->found_includes.items[i].dir);
  vec_free(&f->found_includes);
}

CXTranslationUnit lexical_tu(CXIndex index, const char *path, const char *text, size_t len) {
  char *joined = join_chevrons(text, len);
  const char *args[] = {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-Wno-everything"};
  struct CXUnsavedFile u = {.Filename = path, .Contents = joined, .Length = (unsigned long)len};
  CXTranslationUnit tu = NULL;
  clang_parseTranslationUnit2(index, path, args, 6, &u, joined != NULL,
                              CXTranslationUnit_Incomplete | CXTranslationUnit_SingleFileParse, &tu);
  free(joined);
  return tu;
}

enum { MAX_FOUND_INCLUDES = 8 };

static enum CXErrorCode parse_with_found_includes(ParseEnv *env, CXIndex index, const Candidate *c, SourceFile *f,
                                                  const char *pch, CXTranslationUnit *tu) {
  char *joined = join_chevrons(f->text, f->len);
  struct CXUnsavedFile u = {.Filename = c->path, .Contents = joined, .Length = (unsigned long)f->len};
  for (;;) {
    Args args = {0};
    char *owned;
    file_args(env, c, f, pch, &args, &owned);
    enum CXErrorCode err = clang_parseTranslationUnit2(index, c->path, args.items, (int)args.len, &u, joined != NULL,
                                                       parse_flags, tu);
    vec_free(&args);
    free(owned);
    if (err != CXError_Success || !*tu || f->found_includes.len >= MAX_FOUND_INCLUDES ||
        !found_missing_include(env, *tu, c, f)) {
      free(joined);
      return err;
    }
    clang_disposeTranslationUnit(*tu);
    *tu = NULL;
  }
}

/* The file's tree with that PCH, and in *why what makes it untrustworthy (NULL:
 * nothing); a tree of tokens alone when libclang gave none (*whole false). */
static CXTranslationUnit parse_tree(ParseEnv *env, CXIndex index, const Candidate *c, SourceFile *f, const char *pch,
                                    char **why, bool *whole) {
  CXTranslationUnit tu = NULL;
  enum CXErrorCode err = parse_with_found_includes(env, index, c, f, pch, &tu);
  f->fallback_offset = 0;
  *whole = err == CXError_Success && tu;
  if (*whole) {
    *why = parse_error(tu, NULL, &f->fallback_offset);
    return tu;
  }
  if (err == CXError_Crashed)
    *why = cm_xstrdup("libclang crashed parsing this file (code nested deeper than its stack?)");
  else
    *why = cm_xasprintf("libclang could not parse the file (error %d): check its flags", (int)err);
  return lexical_tu(index, c->path, f->text, f->len);
}

CXIndex worker_index(ParseWorker *p) {
  if (!p->index)
    p->index = libclang_index();
  return p->index;
}

/* The file's tree, its facts, and with `key` the facts kept. */
static void parse_and_collect(ParseEnv *env, ParseWorker *p, const Candidate *c, SourceFile *f, const char *key) {
  char *why = NULL;
  bool whole = false; /* a tree whose included files are known, so its facts can be kept */
  const char *block = include_set_pch(env, c, f);
  CXTranslationUnit tu = parse_tree(env, worker_index(p), c, f, block ? block : env->pch, &why, &whole);
  if (block && why) { /* was it the block's PCH? only a parse without it tells */
    char *first = why;
    if (tu)
      clang_disposeTranslationUnit(tu);
    why = NULL;
    tu = parse_tree(env, worker_index(p), c, f, env->pch, &why, &whole);
    if (!why)
      include_set_failed(env, block);
    free(first);
  }
  if (why && tu)
    why = with_submodule_hint(env, tu, why);
  f->parser = why ? PARSER_LEXICAL : PARSER_LIBCLANG;
  f->fallback_reason = why;
  f->alone_errors = !why && tu && own_error(tu);
  if (tu) {
    collect_facts(env, tu, !why, f);
    if (key && whole)
      keep_facts(env, key, c, f, tu, f);
    clang_disposeTranslationUnit(tu);
  }
}

/* --tiered: the file's tokens, kept when nothing in them needs the tree (and
 * with `key` kept for the next run, with the project headers they read). */
static bool read_settled(ParseEnv *env, const Candidate *c, SourceFile *f, const char *key) {
  Strings read = {0};
  collect_lexical_facts(env, c, f);
  f->needs_tree = tier_needs_tree(env, c, f, &read);
  f->settled = !f->needs_tree;
  f->parser = PARSER_LEXICAL;
  if (!f->settled)
    an_forget_facts(f);
  else if (key)
    facts_cache_store_read(env, key, f, &read);
  cm_strings_free(&read);
  return f->settled;
}

void parse_file(ParseEnv *env, ParseWorker *p, const Candidate *c, SourceFile *f) {
  if (env->lexical) { /* tokens only, without libclang */
    f->parser = PARSER_LEXICAL;
    collect_lexical_facts(env, c, f);
    return;
  }
  char *key = env->file_hashes ? facts_cache_key(env, c, f) : NULL;
  if ((!key || !facts_cache_load(env, key, f)) && !(env->tiered && read_settled(env, c, f, key))) {
    f->pending = env->tiered; /* parsed once every file is read: include sets count only the files parsed */
    if (!f->pending)
      parse_pending(env, p, c, f);
  }
  free(key);
}

void parse_pending(ParseEnv *env, ParseWorker *p, const Candidate *c, SourceFile *f) {
  char *key = env->file_hashes ? facts_cache_key(env, c, f) : NULL;
  f->pending = false;
  an_forget_facts(f); /* and the lines read_candidate indexed: the parse indexes them */
  prelude_check(env);
  unsigned mb = parse_weight(env->db, f);
  parse_budget_take(&env->budget, mb);
  parse_and_collect(env, p, c, f, key);
  parse_budget_give(&env->budget, mb);
  free(key);
}

/* The key of a header read in an includer's tree: NULL when facts are not kept. */
static char *context_key(const ParseEnv *env, const Candidate *includer, const SourceFile *inc_file,
                         const Candidate *hc, const SourceFile *header) {
  if (!env->file_hashes)
    return NULL;
  char *hk = facts_cache_key(env, hc, header), *ik = facts_cache_key(env, includer, inc_file);
  char *key = facts_cache_context_key(env, hk, ik);
  free(hk);
  free(ik);
  return key;
}

/* A header that does not parse alone (it uses what its includer defines before
 * the #include) is read from the tree of a file that includes it: true when that
 * parse covers the header without an error of its own, and the header's facts
 * are then that tree's. Either outcome is kept, so a later run need not parse
 * the includer again to learn it. */
typedef struct {
  CXFile want, found;
} Inclusion;

static void find_inclusion(CXFile file, CXSourceLocation *stack, unsigned n, CXClientData data) {
  Inclusion *in = data;
  if (n > 0 && !in->found && clang_File_isEqual(file, in->want))
    in->found = file;
}

/* The file at path as the tree included it, or NULL when it did not: clang_getFile
 * gives any file on disk, and a tree of another program's main.cu, which includes
 * a kernel.cu of its own, has nothing of this one. */
static CXFile included_file(CXTranslationUnit tu, const char *path) {
  Inclusion in = {clang_getFile(tu, path), NULL};
  if (in.want)
    clang_getInclusions(tu, find_inclusion, &in);
  return in.found;
}

/* The includer's tree, parsed once for the headers a worker reads from it one
 * after another (a sort.cu's three kernel headers): the worker keeps the last. */
static CXTranslationUnit includer_tree(ParseEnv *env, ParseWorker *p, const Candidate *includer,
                                       SourceFile *inc_file) {
  if (p->tree && p->tree_of == includer)
    return p->tree;
  parse_worker_drop_tree(env, p);
  unsigned mb = parse_weight(env->db, inc_file);
  parse_budget_take(&env->budget, mb);
  const char *block = include_set_pch(env, includer, inc_file); /* the includer's own parse made it */
  CXTranslationUnit tu = NULL;
  enum CXErrorCode err =
      parse_with_found_includes(env, worker_index(p), includer, inc_file, block ? block : env->pch, &tu);
  if (err != CXError_Success || !tu) {
    parse_budget_give(&env->budget, mb);
    return NULL;
  }
  *p = (ParseWorker){p->index, includer, tu, mb};
  return tu;
}

void parse_worker_drop_tree(ParseEnv *env, ParseWorker *p) {
  if (!p->tree)
    return;
  clang_disposeTranslationUnit(p->tree);
  parse_budget_give(&env->budget, p->tree_mb);
  *p = (ParseWorker){p->index, NULL, NULL, 0};
}

bool parse_in_context(ParseEnv *env, ParseWorker *p, const Candidate *includer, SourceFile *inc_file,
                      const Candidate *hc, SourceFile *header) {
  char *key = context_key(env, includer, inc_file, hc, header);
  if (key && facts_cache_load(env, key, header)) {
    free(key);
    return header->parsed_with != NULL; /* what failed keeps the header's own reading */
  }
  header->reused = false; /* its facts from now on are this parse's */
  prelude_check(env);
  CXTranslationUnit tu = includer_tree(env, p, includer, inc_file);
  if (!tu) {
    free(key);
    return false;
  }
  CXFile file = included_file(tu, header->path);
  unsigned offset = 0;
  char *why = file ? parse_error(tu, file, &offset) : NULL;
  bool ok = file && !why;
  if (ok) {
    an_forget_facts(header);
    free(header->fallback_reason);
    header->fallback_reason = NULL;
    header->fallback_offset = 0;
    header->parser = PARSER_LIBCLANG;
    header->alone_errors = false;
    header->parsed_with = cm_xstrdup(inc_file->rel);
    collect_facts(env, tu, true, header);
  }
  if (key)
    keep_facts(env, key, includer, inc_file, tu, header);
  free(key);
  free(why);
  return ok;
}
