/* Precompiled headers for the #include blocks files share. Past the CUDA
 * prelude, a file's time goes to the headers it includes itself: Thrust, CUB,
 * cooperative groups and the C++ library take seconds, the file's own code
 * milliseconds. Most files open with a block of `#include <...>` lines, and many
 * files of a tree open with the same block. That block, parsed once (with the
 * prelude, which every CUDA parse includes implicitly) and saved in the cache
 * folder, serves every file that opens with it, in this run and later ones.
 *
 * Only a strict prefix of the file is taken (comments, blank lines and angle
 * includes up to the first other line), so no macro of the file's own can come
 * before the PCH's headers; its own #include lines of the block find their
 * headers' guards already defined. Where the block names a header the rules
 * call heavy (a parse weight: Thrust, CUB, libcu++, cooperative groups), the
 * set is those lines alone and the file's light headers are parsed after them:
 * files mix <cstdio>, <map> and <random> every way around the same Thrust
 * block, and only the heavy part costs seconds. Only the C++ library's headers
 * (<vector>: no extension) and CUDA's are moved after a heavy one so; behind
 * any other (<stdio.h>, or a project's <config.h> that may configure Thrust)
 * the block keeps its order, whole. A block is precompiled when two files
 * of the run share it, or when an earlier run left it in the cache; a block
 * that reaches a header outside the system folders (a project header found
 * through -I, which may change) or does not parse cleanly is not precompiled.
 * A file whose parse goes wrong with a block's PCH is parsed again without it,
 * and the PCH is dropped: the PCH saves time and never changes a result. Nor
 * does a cache that holds its bound in bytes: no block is precompiled then. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer_p.h"

typedef enum { SET_UNBUILT, SET_BUILDING, SET_READY, SET_UNUSABLE } SetState;

typedef struct {
  char *key;        /* names the cache entry: the block and every flag it was parsed with */
  char *block;      /* the #include lines, as the PCH's source */
  size_t users;     /* files of this run that open with it */
  SetState state;
  char *pch;
} IncludeSet;

struct IncludeSets {
  pthread_mutex_t lock;
  pthread_cond_t built;
  VEC(IncludeSet) sets;
  long long room;   /* what this run's PCHs may still add to the cache (cache_room) */
  bool room_known;  /* counted at the first PCH to make: a warm run makes none, and never lists the cache */
};

static const char *skip_space_and_comments(const char *p, const char *end) {
  for (;;) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v'))
      p++;
    if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
      while (p < end && *p != '\n')
        p++;
    } else if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
      const char *close = memmem(p + 2, (size_t)(end - p - 2), "*/", 2);
      if (!close)
        return end;
      p = close + 2;
    } else {
      return p;
    }
  }
}

/* `#include <x>` at p, alone on its line (a comment may follow): the header's
 * extent in [*b, *e) and the line's end, or NULL. */
static const char *angle_include(const char *p, const char *end, const char **b, const char **e) {
  size_t n;
  if (p >= end || *p != '#' || !(*b = an_include_target(p, end, &n)) || (*b)[-1] != '<' || n == 0)
    return NULL;
  p = *b + n;
  *e = p;
  const char *rest = skip_space_and_comments(p + 1, end);
  const char *eol = memchr(p, '\n', (size_t)(end - p));
  if (eol && rest <= eol)
    return NULL; /* something else on the line after the include: not a plain block line */
  return eol ? eol : end;
}

/* A header that may come after a heavy one without changing it: the C++
 * library's, or one of CUDA's. */
static bool movable(const RuleDb *db, const char *name, size_t n) {
  const HeaderRule *h = rl_lookup_header(db, name, n);
  return !memchr(name, '.', n) || (h && !h->origin);
}

/* The file's opening block of angle includes, one "#include <x>\n" each, or
 * its heavy lines alone where it has any and only movable ones before them;
 * NULL when it has none. A line continuation or anything unexpected ends the
 * block. */
static char *opening_block(const RuleDb *db, const char *text, size_t len) {
  const char *p = text, *end = text + len, *b, *e, *eol;
  Buf all = {0}, heavy = {0};
  bool fixed = false, in_order = false; /* a light line that may not move; the block kept as it is */
  while ((p = skip_space_and_comments(p, end)) < end && (eol = angle_include(p, end, &b, &e))) {
    if (memchr(p, '\\', (size_t)(eol - p)))
      break;
    size_t n = (size_t)(e - b);
    buf_printf(&all, "#include <%.*s>\n", (int)n, b);
    if (rl_parse_weight(db, b, n) > 0) {
      buf_printf(&heavy, "#include <%.*s>\n", (int)n, b);
      in_order = in_order || fixed;
    } else {
      fixed = fixed || !movable(db, b, n);
    }
    p = eol;
  }
  Buf *block = heavy.len && !in_order ? &heavy : &all;
  char *lines = block->len ? cm_xstrdup(buf_cstr(block)) : NULL;
  buf_free(&all);
  buf_free(&heavy);
  return lines;
}

IncludeSets *include_sets_new(void) {
  IncludeSets *s = cm_xcalloc(1, sizeof *s);
  pthread_mutex_init(&s->lock, NULL);
  pthread_cond_init(&s->built, NULL);
  return s;
}

void include_sets_free(IncludeSets *s) {
  if (!s)
    return;
  for (size_t i = 0; i < s->sets.len; i++) {
    free(s->sets.items[i].key);
    free(s->sets.items[i].block);
    free(s->sets.items[i].pch);
  }
  vec_free(&s->sets);
  pthread_cond_destroy(&s->built);
  pthread_mutex_destroy(&s->lock);
  free(s);
}

/* The flags a block is parsed with: the file's own minus its folder and the
 * folders found for it, which only quoted includes reach. */
static void set_args(const ParseEnv *env, const Candidate *c, const char **args, int *n, int max) {
  *n = base_args(env, args, NULL);
  for (size_t i = 0; i < env->include_dirs.len && *n + 2 <= max; i++) {
    args[(*n)++] = AN_TREE_HEADERS_FLAG;
    args[(*n)++] = env->include_dirs.items[i];
  }
  for (size_t i = 0; i < env->nextra && *n < max; i++)
    args[(*n)++] = env->extra_args[i];
  for (int i = 0; i < c->nargs && *n < max; i++)
    args[(*n)++] = c->args[i];
}

enum { MAX_SET_ARGS = 256 };

static char *set_key(const ParseEnv *env, const Candidate *c, const char *block) {
  const char *args[MAX_SET_ARGS];
  int n;
  set_args(env, c, args, &n, MAX_SET_ARGS);
  Buf all = {0};
  buf_puts(&all, block);
  for (int i = 0; i < n; i++) {
    buf_puts(&all, args[i]);
    buf_append(&all, "", 1);
  }
  char *hash = cache_hash(env->prelude_key, buf_cstr(&all), all.len);
  char *key = cm_xasprintf("set-%s", hash);
  free(hash);
  buf_free(&all);
  return key;
}

static IncludeSet *find_set(IncludeSets *s, const char *key) {
  for (size_t i = 0; i < s->sets.len; i++)
    if (strcmp(s->sets.items[i].key, key) == 0)
      return &s->sets.items[i];
  return NULL;
}

void include_sets_count(ParseEnv *env, const Candidate *c, const char *text, size_t len) {
  char *block = env->sets ? opening_block(env->db, text, len) : NULL;
  if (!block)
    return;
  char *key = set_key(env, c, block);
  pthread_mutex_lock(&env->sets->lock);
  IncludeSet *set = find_set(env->sets, key);
  if (set) {
    set->users++;
    free(key);
    free(block);
  } else {
    vec_push(&env->sets->sets, ((IncludeSet){.key = key, .block = block, .users = 1}));
  }
  pthread_mutex_unlock(&env->sets->lock);
}

typedef struct {
  const ParseEnv *env;
  CXTranslationUnit tu;
  bool outside;
} Reach;

static void check_reach(CXFile file, CXSourceLocation *stack, unsigned n, CXClientData data) {
  Reach *r = data;
  if (n > 0 && !in_system_header(r->env, clang_getLocationForOffset(r->tu, file, 0)))
    r->outside = true;
}

/* The block's headers as -include flags, after the others: the PCH's own main
 * file stays empty, as the prelude's does, and nothing of it can be taken for
 * the first lines of the file parsed with it. */
static void add_headers(const char *block, const char **args, int *n, int max, char **owned) {
  for (const char *p = block; (p = strchr(p, '<')) && *n + 2 <= max; p++) {
    const char *e = strchr(p, '>');
    args[(*n)++] = "-include";
    args[(*n)++] = *owned++ = cm_xstrndup(p + 1, (size_t)(e - p - 1));
  }
}

/* Parses the block and saves it in the cache; false when it is not to be used. */
static bool build_set(const ParseEnv *env, const Candidate *c, IncludeSet *set, char *pch) {
  const char *args[MAX_SET_ARGS];
  char *owned[MAX_SET_ARGS / 2] = {0};
  int n;
  set_args(env, c, args, &n, MAX_SET_ARGS);
  add_headers(set->block, args, &n, MAX_SET_ARGS, owned);
  CXIndex index = libclang_index();
  char *name = cm_xasprintf("%s/%s.cu", env->cache_dir, set->key);
  struct CXUnsavedFile src = {.Filename = name, .Contents = "", .Length = 0};
  CXTranslationUnit tu = NULL;
  bool ok = clang_parseTranslationUnit2(index, name, args, n, &src, 1,
                                        CXTranslationUnit_ForSerialization | CXTranslationUnit_Incomplete |
                                            CXTranslationUnit_DetailedPreprocessingRecord, /* as the prelude's: a
                                            file parsed with the PCH keeps the record its macro cursors come from */
                                        &tu) ==
                CXError_Success && tu;
  for (unsigned i = 0, nd = ok ? clang_getNumDiagnostics(tu) : 0; i < nd && ok; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    ok = clang_getDiagnosticSeverity(d) < CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  Reach reach = {env, tu, false};
  if (ok)
    clang_getInclusions(tu, check_reach, &reach);
  ok = ok && !reach.outside;
  if (ok) {
    cm_signals_hold(); /* libclang saves through a name of its own in the folder */
    ok = clang_saveTranslationUnit(tu, pch, clang_defaultSaveOptions(tu)) == CXSaveError_None;
    cm_signals_release();
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  free(name);
  for (size_t i = 0; owned[i]; i++)
    free(owned[i]);
  return ok;
}

/* Under the lock. */
static bool room_left(IncludeSets *s, const char *cache_dir) {
  if (!s->room_known)
    s->room = cache_room(cache_dir);
  s->room_known = true;
  return s->room > 0;
}

const char *include_set_pch(ParseEnv *env, const Candidate *c, const SourceFile *f) {
  char *block = env->sets ? opening_block(env->db, f->text, f->len) : NULL;
  if (!block)
    return NULL;
  char *key = set_key(env, c, block);
  free(block);
  IncludeSets *s = env->sets;
  pthread_mutex_lock(&s->lock);
  IncludeSet *set = find_set(s, key);
  free(key);
  while (set && set->state == SET_BUILDING) /* sets are all counted before any parse: `set` stays put */
    pthread_cond_wait(&s->built, &s->lock);
  if (set && set->state == SET_UNBUILT) {
    char *pch = cache_entry_path(env->cache_dir, set->key, "pch");
    if (access(pch, R_OK) == 0) {
      set->pch = pch;
      set->state = SET_READY;
      cache_touch(pch);
    } else if (set->users < 2 || !room_left(s, env->cache_dir)) { /* a full cache: the prelude alone */
      free(pch);
      set->state = SET_UNUSABLE;
    } else {
      set->state = SET_BUILDING;
      pthread_mutex_unlock(&s->lock);
      bool ok = build_set(env, c, set, pch);
      struct stat st;
      pthread_mutex_lock(&s->lock);
      if (ok && stat(pch, &st) == 0)
        s->room -= (long long)st.st_size;
      set->state = ok ? SET_READY : SET_UNUSABLE;
      set->pch = ok ? pch : NULL;
      if (!ok)
        free(pch);
      pthread_cond_broadcast(&s->built);
    }
  }
  const char *pch = set && set->state == SET_READY ? set->pch : NULL;
  pthread_mutex_unlock(&s->lock);
  return pch;
}

void include_set_failed(ParseEnv *env, const char *pch) {
  pthread_mutex_lock(&env->sets->lock);
  for (size_t i = 0; i < env->sets->sets.len; i++) {
    IncludeSet *set = &env->sets->sets.items[i];
    if (set->pch == pch) {
      set->state = SET_UNUSABLE;
      unlink(pch); /* stale: a later run makes it again */
    }
  }
  pthread_mutex_unlock(&env->sets->lock);
}
