/* A file's facts kept between runs, so that a re-scan parses only what changed.
 *
 * What a parse of a file gives depends on the file's bytes, its flags, every
 * file it includes, the CUDA prelude (libclang's version, hipport itself, the
 * toolkit and the base flags: the prelude's cache key covers all four), the
 * rules (rl_fingerprint) and which of the names it #includes the project holds.
 * All but the included files are known before the parse and make the entry's
 * key; the included files are known only from the parse, so the entry lists
 * them with the hash of each one's bytes, as ccache's manifests do, and a later
 * run takes the entry only when every one of them still hashes the same. A
 * header read from its includer's tree (parse_in_context) is kept under a key
 * of both files' keys, with the includer's tree's included files.
 *
 * An entry is text: a tag letter per part, numbers in decimal, strings as
 * LENGTH:BYTES (~ for NULL). It is written under a private name and renamed into
 * place, so a concurrent run sees a whole entry or none; cache_prune bounds these
 * entries with the PCHs. An entry that does not read back whole is a miss.
 * ORDER FACT_FIELDS: write_fact and read_fact cover every field of Fact. */
#define _GNU_SOURCE
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analyzer_p.h"

/* Raise on any change to what an entry holds or how it is written. */
enum { FORMAT_VERSION = 8 };

/* ---- included files, stat'ed and hashed once per run ---- */

enum { HASH_BUCKETS = 1 << 12 };

typedef struct Hashed {
  struct Hashed *next;
  char *path;
  FileStamp stamp;
  bool hashed;
  uint64_t hash;
} Hashed;

struct FileHashes {
  pthread_mutex_t lock;
  Hashed *buckets[HASH_BUCKETS];
};

FileHashes *file_hashes_new(void) {
  FileHashes *m = cm_xcalloc(1, sizeof *m);
  pthread_mutex_init(&m->lock, NULL);
  return m;
}

void file_hashes_free(FileHashes *m) {
  if (!m)
    return;
  for (size_t b = 0; b < HASH_BUCKETS; b++)
    for (Hashed *e = m->buckets[b], *next; e; e = next) {
      next = e->next;
      free(e->path);
      free(e);
    }
  pthread_mutex_destroy(&m->lock);
  free(m);
}

/* A file that cannot be read hashes as "missing": gone or unreadable since. */
static uint64_t content_hash(const char *path) {
  char *bytes;
  size_t len;
  if (cm_read_file(path, &bytes, &len) != ST_OK)
    return cm_hash_str(CM_HASH_SEED, "missing");
  uint64_t h = cm_hash(CM_HASH_SEED, bytes, len);
  free(bytes);
  return h;
}

/* A file changed within the last seconds may change again within its times'
 * granularity without changing them, as git's index knows ("racily clean"):
 * its stamp is not trusted, and a later run hashes its bytes. */
enum { RACY_SECONDS = 2 };

static FileStamp stamp_of(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0)
    return (FileStamp){0};
  uint64_t ns = 1000000000u;
  FileStamp s = {(uint64_t)st.st_dev, (uint64_t)st.st_ino, (uint64_t)st.st_size,
                 (uint64_t)st.st_mtim.tv_sec * ns + (uint64_t)st.st_mtim.tv_nsec,
                 (uint64_t)st.st_ctim.tv_sec * ns + (uint64_t)st.st_ctim.tv_nsec};
  time_t now = time(NULL);
  if (now - st.st_mtim.tv_sec < RACY_SECONDS || now - st.st_ctim.tv_sec < RACY_SECONDS)
    return (FileStamp){0};
  return s;
}

/* The file's entry, stat'ed when first asked for; called under the lock. */
static Hashed *hashed_entry(FileHashes *m, const char *path) {
  Hashed **slot = &m->buckets[cm_hash_str(CM_HASH_SEED, path) % HASH_BUCKETS];
  Hashed *e = *slot;
  while (e && strcmp(e->path, path) != 0)
    e = e->next;
  if (!e) {
    e = cm_xcalloc(1, sizeof *e);
    *e = (Hashed){.next = *slot, .path = cm_xstrdup(path), .stamp = stamp_of(path)};
    *slot = e;
  }
  return e;
}

uint64_t file_hash(FileHashes *m, const char *path) {
  pthread_mutex_lock(&m->lock);
  Hashed *e = hashed_entry(m, path);
  if (!e->hashed) /* hashed under the lock: a header many files include is read once */
    e->hash = content_hash(path), e->hashed = true;
  uint64_t h = e->hash;
  pthread_mutex_unlock(&m->lock);
  return h;
}

FileStamp file_stamp(FileHashes *m, const char *path) {
  pthread_mutex_lock(&m->lock);
  FileStamp s = hashed_entry(m, path)->stamp;
  pthread_mutex_unlock(&m->lock);
  return s;
}

static bool known_stamp(FileStamp s) { return s.dev || s.ino || s.size || s.mtime_ns || s.ctime_ns; }

static bool same_stamp(FileStamp a, FileStamp b) {
  return a.dev == b.dev && a.ino == b.ino && a.size == b.size && a.mtime_ns == b.mtime_ns && a.ctime_ns == b.ctime_ns;
}

/* A manifest entry that is no file: the repository search for a header the
 * parse did not find (its name follows), whose answer the entry holds. */
static const char REPOSITORY_SEARCH[] = "repository-search:";

static const char *searched_header(const Included *inc) {
  size_t n = sizeof REPOSITORY_SEARCH - 1;
  return strncmp(inc->path, REPOSITORY_SEARCH, n) == 0 ? inc->path + n : NULL;
}

/* The file is as the entry saw it: the same stamp, or else the same bytes; a
 * repository search gives the same answer. */
static bool unchanged(ParseEnv *env, const SourceFile *f, const Included *inc) {
  if (searched_header(inc))
    return repository_answer(env, searched_header(inc), f->path) == inc->hash;
  if (known_stamp(inc->stamp) && same_stamp(file_stamp(env->file_hashes, inc->path), inc->stamp))
    return true;
  return file_hash(env->file_hashes, inc->path) == inc->hash;
}

/* ---- keys ---- */

/* The #include "x" and <x> spellings of the file, each with whether the project
 * holds a file of that name (facts.c leaves the project's own headers out, so a
 * header added to the tree changes the file's facts). */
static const char *next_line(const char *p, const char *end) {
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  return nl ? nl + 1 : end;
}

static uint64_t hash_project_includes(const ParseEnv *env, const SourceFile *f, uint64_t h) {
  const char *end = f->text + f->len;
  for (const char *p = f->text; p < end; p = next_line(p, end)) {
    size_t n;
    const char *b = an_line_include(p, end, &n);
    if (!b)
      continue;
    bool project = nameset_has(env->project_files, b, n);
    h = cm_hash(cm_hash(h, b, n), &project, sizeof project);
  }
  return h;
}

char *facts_cache_key(const ParseEnv *env, const Candidate *c, const SourceFile *f) {
  uint64_t h = cm_hash_str(CM_HASH_SEED, env->prelude_key);
  uint64_t fixed[2] = {rl_fingerprint(env->db), FORMAT_VERSION};
  h = cm_hash_str(cm_hash_str(cm_hash(h, fixed, sizeof fixed), c->path), c->dir);
  for (size_t i = 0; i < env->include_dirs.len; i++)
    h = cm_hash_str(h, env->include_dirs.items[i]);
  h = cm_hash_str(h, "--");
  for (size_t i = 0; i < env->nextra; i++)
    h = cm_hash_str(h, env->extra_args[i]);
  h = cm_hash_str(h, "--");
  for (int i = 0; i < c->nargs; i++)
    h = cm_hash_str(h, c->args[i]);
  h = cm_hash_str(h, env->tiered ? "tiered" : "parsed"); /* a tiered run's facts are its own */
  h = hash_project_includes(env, f, cm_hash(cm_hash_str(h, "--"), f->text, f->len));
  return cm_xasprintf("file-%016" PRIx64, h);
}

/* The scan root too: the header's facts name the includer by its path under it. */
char *facts_cache_context_key(const ParseEnv *env, const char *header_key, const char *includer_key) {
  uint64_t h = cm_hash_str(cm_hash_str(CM_HASH_SEED, header_key), includer_key);
  return cm_xasprintf("file-%016" PRIx64, cm_hash_str(h, env->scan_root));
}

/* ---- writing ---- */

static void put_str(FILE *o, const char *s) {
  if (!s)
    fputs(" ~", o);
  else
    fprintf(o, " %zu:%s", strlen(s), s);
}

static void write_fact(FILE *o, const Fact *x) {
  fprintf(o, "X %d %u %u %u %u %d %d %d %d %d %d %d %u %u %u %u %d", (int)x->kind, x->offset, x->length, x->line,
          x->column, x->disabled, x->in_macro, x->cuda_declared, x->own, x->host_code, x->pointee_scalar, x->params, x->open,
          x->close, x->lparen, x->rparen, x->template_kernel);
  put_str(o, x->cursor);
  put_str(o, x->name);
  put_str(o, x->declared_by);
  put_str(o, x->aliased);
  put_str(o, x->pointee);
  put_str(o, x->expansion);
  put_str(o, x->qualifiers);
  fputc('\n', o);
}

/* code_only is the text with comments and literals blanked: the blanked runs. */
static void write_blanks(FILE *o, const SourceFile *f) {
  if (!f->code_only) {
    fputs("B ~\n", o);
    return;
  }
  fputs("B", o);
  for (size_t i = 0; i < f->len;) {
    if (f->code_only[i] == f->text[i]) {
      i++;
      continue;
    }
    size_t from = i;
    while (i < f->len && f->code_only[i] != f->text[i])
      i++;
    fprintf(o, " %zu %zu", from, i);
  }
  fputs(" .\n", o);
}

static void write_entry(FILE *o, const char *key, const SourceFile *f, const Manifest *m) {
  fprintf(o, "hipport-facts %d", FORMAT_VERSION);
  put_str(o, key);
  fprintf(o, "\nM %zu\n", m->len);
  for (size_t i = 0; i < m->len; i++) {
    const FileStamp *st = &m->items[i].stamp;
    fprintf(o, "%016" PRIx64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64, m->items[i].hash, st->dev,
            st->ino, st->size, st->mtime_ns, st->ctime_ns);
    put_str(o, m->items[i].path);
    fputc('\n', o);
  }
  fprintf(o, "P %d %u %d %d", (int)f->parser, f->fallback_offset, (int)f->alone_errors, (int)f->settled);
  put_str(o, f->fallback_reason);
  put_str(o, f->parsed_with);
  fprintf(o, "\nI %zu\n", f->found_includes.len);
  for (size_t i = 0; i < f->found_includes.len; i++) {
    put_str(o, f->found_includes.items[i].header);
    put_str(o, f->found_includes.items[i].dir);
    fputc('\n', o);
  }
  fprintf(o, "F %zu\n", f->facts.len);
  for (size_t i = 0; i < f->facts.len; i++)
    write_fact(o, &f->facts.items[i]);
  fprintf(o, "C %zu\n", f->constants.len);
  for (size_t i = 0; i < f->constants.len; i++) {
    fprintf(o, "%u %u", f->constants.items[i].begin, f->constants.items[i].end);
    put_str(o, f->constants.items[i].what);
    fputc('\n', o);
  }
  write_blanks(o, f);
  fputs("end\n", o);
}

bool facts_cache_write(const char *dir, const char *key, const SourceFile *f, const Manifest *m) {
  char *path = cache_entry_path(dir, key, "facts");
  cm_signals_hold(); /* the private name is not in cleanup's table */
  char *tmp = cache_private_name(dir, key);
  FILE *o = tmp ? fopen(tmp, "w") : NULL;
  bool ok = false;
  if (o) {
    write_entry(o, key, f, m);
    ok = fflush(o) == 0 && !ferror(o);
    ok = fclose(o) == 0 && ok && rename(tmp, path) == 0;
  }
  if (tmp && !ok)
    unlink(tmp);
  cm_signals_release();
  free(tmp);
  free(path);
  return ok;
}

/* ---- reading ---- */

typedef struct {
  const char *p, *end;
  bool ok;
} Reader;

static void skip_space(Reader *r) {
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\n'))
    r->p++;
}

static long long get_num(Reader *r) {
  skip_space(r);
  char *after = NULL;
  long long v = r->ok && r->p < r->end ? strtoll(r->p, &after, 10) : 0;
  if (!r->ok || r->p >= r->end || after == r->p)
    return r->ok = false, 0;
  r->p = after;
  return v;
}

static unsigned get_unsigned(Reader *r) { return (unsigned)get_num(r); }

static void read_stamp(Reader *r, FileStamp *s) {
  uint64_t *fields[] = {&s->dev, &s->ino, &s->size, &s->mtime_ns, &s->ctime_ns};
  for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
    skip_space(r);
    char *after = NULL;
    *fields[i] = r->ok && r->p < r->end ? strtoull(r->p, &after, 10) : 0;
    r->ok = r->ok && r->p < r->end && after != r->p;
    r->p = r->ok ? after : r->p;
  }
}

static bool get_tag(Reader *r, const char *tag) {
  skip_space(r);
  size_t n = strlen(tag);
  if (!r->ok || (size_t)(r->end - r->p) < n || strncmp(r->p, tag, n) != 0)
    return r->ok = false;
  r->p += n;
  return true;
}

/* NULL for "~" (and for a damaged entry, which also clears r->ok); else a malloc'd string. */
static char *get_str(Reader *r) {
  skip_space(r);
  if (r->ok && r->p < r->end && *r->p == '~') {
    r->p++;
    return NULL;
  }
  size_t n = (size_t)get_num(r);
  if (!r->ok || r->p >= r->end || *r->p != ':' || (size_t)(r->end - r->p - 1) < n) {
    r->ok = false;
    return NULL;
  }
  char *s = cm_xstrndup(r->p + 1, n);
  r->p += n + 1;
  return s;
}

/* Fact.cursor and ConstantRange.what point at strings that live as long as the
 * process (libclang's and constants.c's): a read one is kept once for good. */
static const char *interned(char *s) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  static VEC(char *) kept;
  if (!s)
    return NULL;
  pthread_mutex_lock(&lock);
  const char *found = NULL;
  for (size_t i = 0; i < kept.len && !found; i++)
    if (strcmp(kept.items[i], s) == 0)
      found = kept.items[i];
  if (!found) {
    vec_push(&kept, s);
    found = s;
  } else {
    free(s);
  }
  pthread_mutex_unlock(&lock);
  return found;
}

static void read_fact(Reader *r, Fact *x) {
  get_tag(r, "X");
  x->kind = (FactKind)get_num(r);
  x->offset = get_unsigned(r), x->length = get_unsigned(r), x->line = get_unsigned(r), x->column = get_unsigned(r);
  x->disabled = get_num(r), x->in_macro = get_num(r), x->cuda_declared = get_num(r), x->own = get_num(r);
  x->host_code = get_num(r);
  x->pointee_scalar = get_num(r);
  x->params = (int)get_num(r);
  x->open = get_unsigned(r), x->close = get_unsigned(r), x->lparen = get_unsigned(r), x->rparen = get_unsigned(r);
  x->template_kernel = get_num(r);
  x->cursor = interned(get_str(r));
  x->name = get_str(r);
  x->declared_by = get_str(r);
  x->aliased = get_str(r);
  x->pointee = get_str(r);
  x->expansion = get_str(r);
  x->qualifiers = get_str(r);
}

static void read_blanks(Reader *r, SourceFile *f) {
  get_tag(r, "B");
  skip_space(r);
  if (r->ok && r->p < r->end && *r->p == '~') {
    r->p++;
    return;
  }
  f->code_only = cm_xmalloc(f->len + 1);
  memcpy(f->code_only, f->text, f->len + 1);
  for (skip_space(r); r->ok && r->p < r->end && *r->p != '.'; skip_space(r)) {
    size_t from = (size_t)get_num(r), to = (size_t)get_num(r);
    if (from > to || to > f->len)
      r->ok = false;
    for (size_t i = from; r->ok && i < to; i++)
      f->code_only[i] = ' ';
  }
  get_tag(r, ".");
}

static void read_manifest(Reader *r, Manifest *m) {
  get_tag(r, "M");
  for (long long n = get_num(r); r->ok && n > 0; n--) {
    skip_space(r);
    char *after = NULL;
    Included inc = {.hash = r->p < r->end ? strtoull(r->p, &after, 16) : 0};
    r->ok = r->p < r->end && after == r->p + 16;
    r->p += r->ok ? 16 : 0;
    read_stamp(r, &inc.stamp);
    inc.path = get_str(r);
    if (inc.path)
      vec_push(m, inc);
    else
      r->ok = false;
  }
}

static void read_parse(Reader *r, SourceFile *f) {
  get_tag(r, "P");
  f->parser = (Parser)get_num(r);
  f->fallback_offset = get_unsigned(r);
  f->alone_errors = get_num(r) != 0;
  f->settled = get_num(r) != 0;
  f->fallback_reason = get_str(r);
  f->parsed_with = get_str(r);
  get_tag(r, "I");
  for (long long n = get_num(r); r->ok && n > 0; n--) {
    FoundInclude fi = {get_str(r), get_str(r)};
    vec_push(&f->found_includes, fi);
  }
  get_tag(r, "F");
  for (long long n = get_num(r); r->ok && n > 0; n--) {
    Fact x = {0};
    read_fact(r, &x);
    vec_push(&f->facts, x);
  }
  get_tag(r, "C");
  for (long long n = get_num(r); r->ok && n > 0; n--) {
    ConstantRange c = {.begin = get_unsigned(r), .end = get_unsigned(r)};
    c.what = interned(get_str(r));
    vec_push(&f->constants, c);
  }
  read_blanks(r, f);
  get_tag(r, "end");
}

void facts_cache_manifest_free(Manifest *m) {
  for (size_t i = 0; i < m->len; i++)
    free(m->items[i].path);
  vec_free(m);
}

/* What a load may have filled, dropped (the rest of f is the caller's). */
static void forget_parse(SourceFile *f) {
  an_forget_facts(f);
  an_forget_found_includes(f);
  free(f->fallback_reason);
  free(f->parsed_with);
  f->fallback_reason = f->parsed_with = NULL;
  f->fallback_offset = 0;
}

bool facts_cache_read(const char *dir, const char *key, SourceFile *f, Manifest *m) {
  char *path = cache_entry_path(dir, key, "facts"), *text;
  size_t len;
  bool found = cm_read_file(path, &text, &len) == ST_OK;
  if (found)
    cache_touch(path); /* used now: the last to be pruned */
  free(path);
  if (!found)
    return false;
  Reader r = {text, text + len, true};
  char *stored = NULL;
  if (get_tag(&r, "hipport-facts") && get_num(&r) == FORMAT_VERSION)
    stored = get_str(&r);
  r.ok = r.ok && stored && strcmp(stored, key) == 0;
  free(stored);
  read_manifest(&r, m);
  read_parse(&r, f);
  free(text);
  if (!r.ok) {
    forget_parse(f);
    facts_cache_manifest_free(m);
  }
  return r.ok;
}

/* ---- with a parse ---- */

static void add_included(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack;
  if (depth == 0) /* the file parsed: its bytes are in the key */
    return;
  CXString name = clang_getFileName(file);
  const char *path = clang_getCString(name);
  Manifest *m = data;
  bool seen = !path;
  for (size_t i = 0; i < m->len && !seen; i++)
    seen = strcmp(m->items[i].path, path) == 0;
  if (!seen)
    vec_push(m, ((Included){.path = cm_xstrdup(path)}));
  clang_disposeString(name);
}

static void add_path(Manifest *m, char *path) {
  for (size_t i = 0; i < m->len; i++)
    if (strcmp(m->items[i].path, path) == 0) {
      free(path);
      return;
    }
  vec_push(m, ((Included){.path = path}));
}

/* Each place the missing header would be found, as a file the parse read: it
 * hashes as missing, until the header is put there; and the repository search
 * for it, which a header added anywhere in the repository, or a new .git that
 * moves the repository's root, answers differently. */
static void add_absent(Manifest *m, const char *missing, const Strings *folders) {
  size_t included = m->len;
  add_path(m, cm_xasprintf("%s%s", REPOSITORY_SEARCH, missing));
  for (size_t i = 0; i < folders->len; i++)
    add_path(m, cm_xasprintf("%s/%s", folders->items[i], missing));
  for (size_t i = 0; i < included; i++) {
    const char *path = m->items[i].path, *slash = strrchr(path, '/');
    if (slash)
      add_path(m, cm_xasprintf("%.*s/%s", (int)(slash - path), path, missing));
  }
}

static void store(ParseEnv *env, const char *key, const SourceFile *f, Manifest *m);

void facts_cache_store(ParseEnv *env, const char *key, const SourceFile *f, CXTranslationUnit tu,
                       const char *missing, const Strings *folders) {
  Manifest m = {0};
  clang_getInclusions(tu, add_included, &m);
  if (missing)
    add_absent(&m, missing, folders);
  store(env, key, f, &m);
}

void facts_cache_store_read(ParseEnv *env, const char *key, const SourceFile *f, const Strings *read) {
  Manifest m = {0};
  for (size_t i = 0; i < read->len; i++)
    add_path(&m, cm_xstrdup(read->items[i]));
  store(env, key, f, &m);
}

/* With each file's hash and stamp (a header searched for: the repository's answer). */
static void store(ParseEnv *env, const char *key, const SourceFile *f, Manifest *m) {
  for (size_t i = 0; i < m->len; i++) {
    const char *header = searched_header(&m->items[i]);
    if (header) {
      m->items[i].hash = repository_answer(env, header, f->path);
      continue;
    }
    m->items[i].hash = file_hash(env->file_hashes, m->items[i].path);
    m->items[i].stamp = file_stamp(env->file_hashes, m->items[i].path);
  }
  facts_cache_write(env->cache_dir, key, f, m);
  facts_cache_manifest_free(m);
}

/* The facts stored under key, when every file they came from is as it was: f's
 * parse is replaced by them (f keeps its own on a miss). */
bool facts_cache_load(ParseEnv *env, const char *key, SourceFile *f) {
  SourceFile got = {.path = f->path, .text = f->text, .len = f->len};
  Manifest m = {0};
  if (!facts_cache_read(env->cache_dir, key, &got, &m))
    return false;
  bool same = true;
  for (size_t i = 0; i < m.len && same; i++)
    same = unchanged(env, f, &m.items[i]);
  facts_cache_manifest_free(&m);
  if (!same) {
    forget_parse(&got);
    return false;
  }
  forget_parse(f);
  f->parser = got.parser, f->fallback_offset = got.fallback_offset, f->alone_errors = got.alone_errors;
  f->settled = got.settled;
  f->fallback_reason = got.fallback_reason, f->parsed_with = got.parsed_with;
  f->found_includes = got.found_includes, f->facts = got.facts, f->constants = got.constants;
  f->code_only = got.code_only;
  facts_index_lines(f);
  f->reused = true;
  return true;
}
