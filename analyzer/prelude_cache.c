/* The CUDA prelude kept between runs. Parsing the CUDA headers and saving them
 * as a PCH is most of a small run's time (about 1.4 s here), and the result
 * depends only on the toolkit, the flags, libclang and hipport itself. So the PCH
 * and what the prelude's tree told (the names the toolkit declares, the standard
 * headers it includes) are kept in a cache folder under a key made of all of
 * those, and a later run that finds them skips the parse.
 *
 * Safe under concurrent runs: each file is written under a private name and
 * renamed into place (libclang saves a PCH that way itself), the PCH last, so an
 * entry is whole once its PCH is there. Signals are held meanwhile, so an
 * interrupted run leaves no private file behind.
 * Bounded (this prelude, include_sets.c's PCHs and facts_cache.c's files
 * together): at most MAX_ENTRIES PCHs, MAX_FACT_ENTRIES files' facts and
 * MAX_BYTES in all, the least recently used go first, but never one used in the
 * last hour (a run that is reading it would lose it). So that a run over a large
 * tree cannot pass MAX_BYTES within that hour, it makes no include set's PCH
 * once the cache holds that much (cache_room). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "analyzer_p.h"

/* PCHs and a file's stored facts (facts_cache.c) are counted apart: a tree has
 * a few include sets and thousands of files. */
enum { MAX_ENTRIES = 64, MAX_FACT_ENTRIES = 200000, KEEP_RECENT_SECONDS = 3600 };
static const long long MAX_BYTES = 2LL << 30; /* a PCH of Thrust is about 40 MB */

/* A file's identity as far as a rebuild or an upgrade changes it. */
static uint64_t hash_stat(uint64_t h, const char *path) {
  struct stat st;
  if (stat(path, &st) != 0)
    return cm_hash_str(h, "missing");
  long long v[3] = {(long long)st.st_size, (long long)st.st_mtim.tv_sec, (long long)st.st_mtim.tv_nsec};
  return cm_hash(h, v, sizeof v);
}

static uint64_t hash_folder(uint64_t h, const char *dir) {
  struct dirent **names;
  int n = scandir(dir, &names, NULL, alphasort);
  for (int i = 0; i < n; i++) {
    char *p = cm_xasprintf("%s/%s", dir, names[i]->d_name);
    h = hash_stat(cm_hash_str(h, names[i]->d_name), p);
    free(p);
    free(names[i]);
  }
  if (n >= 0)
    free(names);
  return h;
}

char *prelude_cache_key(const ParseEnv *env, const char *const *args, int nargs) {
  uint64_t h = hash_stat(CM_HASH_SEED, libclang_path());
  h = hash_stat(h, "/proc/self/exe"); /* hipport's own reading of the tree */
  for (int i = 0; i < nargs; i++)
    h = cm_hash_str(h, args[i]);
  static const char *const include_vars[] = {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH"};
  for (size_t i = 0; i < sizeof include_vars / sizeof *include_vars; i++) /* include folders clang adds */
    h = cm_hash_str(h, getenv(include_vars[i]) ? getenv(include_vars[i]) : "");
  char *runtime = cm_xasprintf("%s/cuda_runtime.h", env->cuda_include);
  h = hash_stat(h, runtime);
  h = hash_stat(h, env->cuda_include);
  free(runtime);
  h = hash_folder(h, env->compat_include);
  return cm_xasprintf("prelude-%016llx", (unsigned long long)h);
}

char *cache_hash(const char *seed, const char *data, size_t len) {
  return cm_xasprintf("%016llx", (unsigned long long)cm_hash(cm_hash_str(CM_HASH_SEED, seed), data, len));
}

void cache_touch(const char *path) { utime(path, NULL); }

char *cache_entry_path(const char *dir, const char *key, const char *ext) {
  return cm_xasprintf("%s/%s.%s", dir, key, ext);
}

/* ---- what the prelude's tree told ----
 * One line each: "N name" for a declared name, "F name/arity" for a C
 * function of doubles, "P path" for a header it included, "U name" for a
 * name of std a file-scope using brings ("W std": all of them), "T name" for
 * a C typedef std has too, "C name" for a name std also takes from the C
 * library, "S path\theader" for a file reached through a
 * standard header, "D name\theader" for a name of std one declares, "V
 * name\tnumber" for a CUDA macro whose body is one number, "I folder" where a
 * <header> was found, "R path" for a header the driver includes first. */

typedef struct {
  FILE *f;
  char tag;
} Writer;

static void write_tagged(void *ctx, const char *s) { fprintf(((Writer *)ctx)->f, "%c %s\n", ((Writer *)ctx)->tag, s); }

static void write_set(FILE *f, char tag, const NameSet *set) {
  Writer w = {f, tag};
  nameset_each(set, write_tagged, &w);
}

static void write_pair(void *ctx, const char *a, const char *b) {
  fprintf(((Writer *)ctx)->f, "%c %s\t%s\n", ((Writer *)ctx)->tag, a, b);
}

static void write_map(FILE *f, char tag, const StdMap *m) {
  Writer w = {f, tag};
  std_map_each(m, write_pair, &w);
}

static void write_strings(FILE *f, char tag, const Strings *s) {
  for (size_t i = 0; i < s->len; i++)
    fprintf(f, "%c %s\n", tag, s->items[i]);
}

static bool read_facts(ParseEnv *env, const char *path) {
  char *text;
  size_t len;
  if (cm_read_file(path, &text, &len) != ST_OK)
    return false; /* a miss, not an error */
  env->cuda_names = nameset_new();
  env->c_doubles = nameset_new();
  env->std_via_cuda = std_map_new();
  env->std_names = std_map_new();
  env->std_taken = nameset_new();
  env->prelude_values = std_map_new();
  env->scope = (PreludeScope){nameset_new(), nameset_new(), false};
  env->c_types = nameset_new();
  for (char *line = text, *next; line < text + len; line = next) {
    next = strchr(line, '\n');
    if (!next)
      break;
    *next++ = '\0';
    char *tab = line[0] == 'S' || line[0] == 'D' || line[0] == 'V' ? strchr(line, '\t') : NULL;
    if (line[1] != ' ')
      continue;
    if (line[0] == 'N')
      nameset_add(env->cuda_names, line + 2);
    else if (line[0] == 'F')
      nameset_add(env->c_doubles, line + 2);
    else if (line[0] == 'P')
      nameset_add(env->scope.files, line + 2);
    else if (line[0] == 'U')
      nameset_add(env->scope.usings, line + 2);
    else if (line[0] == 'W')
      env->scope.using_std = true;
    else if (line[0] == 'T')
      nameset_add(env->c_types, line + 2);
    else if (line[0] == 'C')
      nameset_add(env->std_taken, line + 2);
    else if (line[0] == 'I')
      vec_push(&env->search_dirs, cm_xstrdup(line + 2));
    else if (line[0] == 'R')
      vec_push(&env->prelude_roots, cm_xstrdup(line + 2));
    else if (tab) {
      *tab = '\0';
      std_map_add(line[0] == 'S' ? env->std_via_cuda : line[0] == 'D' ? env->std_names : env->prelude_values, line + 2,
                  tab + 1);
    }
  }
  std_map_sort(env->std_via_cuda);
  std_map_sort(env->std_names);
  std_map_sort(env->prelude_values);
  free(text);
  return true;
}

/* The PCH still loads: a toolkit changed in place without a new mtime on the
 * files the key reads would otherwise make every file fall back. A parse of an
 * empty file with it costs about as much as the rest of a warm one-file run. */
bool prelude_pch_loads(const char *const *args, int nargs) {
  CXIndex index = libclang_index();
  struct CXUnsavedFile empty = {.Filename = "hipport-check.cu", .Contents = "", .Length = 0};
  CXTranslationUnit tu = NULL;
  bool ok = clang_parseTranslationUnit2(index, empty.Filename, args, nargs, &empty, 1, CXTranslationUnit_Incomplete,
                                        &tu) == CXError_Success && tu;
  for (unsigned i = 0, n = ok ? clang_getNumDiagnostics(tu) : 0; i < n && ok; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    ok = clang_getDiagnosticSeverity(d) < CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  return ok;
}

bool prelude_cache_load(ParseEnv *env, const char *dir, const char *key) {
  char *pch = cache_entry_path(dir, key, "pch"), *facts = cache_entry_path(dir, key, "facts");
  bool hit = access(pch, R_OK) == 0 && read_facts(env, facts);
  free(facts);
  if (!hit) {
    free(pch);
    return false;
  }
  cache_touch(pch); /* used now: the last to be pruned */
  env->pch = pch;
  env->pch_cached = true;
  env->pch_unchecked = true;
  return true;
}

char *cache_private_name(const char *dir, const char *key) {
  char *tmp = cm_xasprintf("%s/.%s.XXXXXX", dir, key);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    free(tmp);
    return NULL;
  }
  close(fd);
  return tmp;
}

static bool store_facts(const ParseEnv *env, const char *dir, const char *key) {
  char *tmp = cache_private_name(dir, key), *path = cache_entry_path(dir, key, "facts");
  FILE *f = tmp ? fopen(tmp, "w") : NULL;
  bool ok = false;
  if (f) {
    write_set(f, 'N', env->cuda_names);
    write_set(f, 'F', env->c_doubles);
    write_set(f, 'P', env->scope.files);
    write_set(f, 'U', env->scope.usings);
    if (env->scope.using_std)
      fputs("W std\n", f);
    write_set(f, 'T', env->c_types);
    write_set(f, 'C', env->std_taken);
    write_map(f, 'S', env->std_via_cuda);
    write_map(f, 'D', env->std_names);
    write_map(f, 'V', env->prelude_values);
    write_strings(f, 'I', &env->search_dirs);
    write_strings(f, 'R', &env->prelude_roots);
    ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
    ok = fclose(f) == 0 && ok && rename(tmp, path) == 0;
  }
  if (tmp && !ok)
    unlink(tmp);
  free(tmp);
  free(path);
  return ok;
}

typedef struct {
  char *path;
  time_t used;
  long long bytes;
  bool facts;     /* a file's stored facts, not a PCH */
} Entry;
typedef VEC(Entry) Entries;

static int newest_first(const void *a, const void *b) {
  time_t x = ((const Entry *)a)->used, y = ((const Entry *)b)->used;
  return x > y ? -1 : x < y;
}

/* A PCH goes with what its tree told (the prelude's .facts; include sets have none). */
static void remove_entry(const Entry *e) {
  unlink(e->path);
  if (e->facts)
    return;
  char *told = cm_xasprintf("%.*sfacts", (int)(strlen(e->path) - 3), e->path);
  unlink(told);
  free(told);
}

static bool ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), t = strlen(tail);
  return n > t && strcmp(s + n - t, tail) == 0;
}

static bool is_pch_entry(const char *name) {
  return (strncmp(name, "prelude-", 8) == 0 || strncmp(name, "set-", 4) == 0) && ends_with(name, ".pch");
}

static bool is_facts_entry(const char *name) { return strncmp(name, "file-", 5) == 0 && ends_with(name, ".facts"); }

/* The cache's entries, newest first. */
static void read_entries(const char *dir, Entries *out) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  while ((e = readdir(d))) {
    struct stat st;
    char *p = cm_xasprintf("%s/%s", dir, e->d_name);
    bool facts = is_facts_entry(e->d_name);
    if ((facts || is_pch_entry(e->d_name)) && stat(p, &st) == 0)
      vec_push(out, ((Entry){p, st.st_mtime, (long long)st.st_size, facts}));
    else
      free(p);
  }
  closedir(d);
  vec_sort(out, newest_first);
}

static void free_entries(Entries *entries) {
  for (size_t i = 0; i < entries->len; i++)
    free(entries->items[i].path);
  vec_free(entries);
}

void cache_prune(const char *dir) {
  Entries entries = {0};
  read_entries(dir, &entries);
  time_t now = time(NULL);
  long long kept = 0;
  size_t pchs = 0, facts = 0;
  for (size_t i = 0; i < entries.len; i++) {
    const Entry *e = &entries.items[i];
    kept += e->bytes;
    bool over = e->facts ? ++facts > MAX_FACT_ENTRIES : ++pchs > MAX_ENTRIES;
    if ((over || kept > MAX_BYTES) && now - e->used > KEEP_RECENT_SECONDS)
      remove_entry(e);
  }
  free_entries(&entries);
}

long long cache_room(const char *dir) {
  Entries entries = {0};
  read_entries(dir, &entries);
  long long room = MAX_BYTES;
  for (size_t i = 0; i < entries.len; i++)
    room -= entries.items[i].bytes;
  free_entries(&entries);
  return room;
}

bool prelude_cache_store(ParseEnv *env, const char *dir, const char *key, CXTranslationUnit tu) {
  char *pch = cache_entry_path(dir, key, "pch");
  cm_signals_hold();
  bool ok = cm_make_folders(dir) && store_facts(env, dir, key) &&
            clang_saveTranslationUnit(tu, pch, clang_defaultSaveOptions(tu)) == CXSaveError_None;
  cm_signals_release();
  if (!ok) {
    free(pch);
    return false;
  }
  free(env->pch); /* a PCH that no longer loaded, made again */
  env->pch = pch;
  env->pch_cached = true;
  cache_prune(dir);
  return true;
}
