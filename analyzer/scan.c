/* an_scan: the analyzer's entry point. Finds the files (walk or compile
 * database), keeps the CUDA ones, and parses them on -j worker threads, each
 * with its own libclang index. Results are stored by file index, so the output
 * is the same whatever the number of threads. */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "analyzer_p.h"

typedef struct Work {
  ParseEnv *env;
  const Candidates *cands;
  SourceFile **out;      /* per candidate; NULL when not CUDA */
  atomic_size_t done;   /* files read, for the progress line */
  bool progress;
  struct timespec start; /* for the progress line's rate */
  void (*read)(struct Work *w, size_t i, ParseWorker *p); /* what each worker does with file i */
  size_t *root;          /* per candidate: the file whose own tree read it (itself when parsed alone, else
                            its includer's root), NO_ROOT when none did; fixed during a pass */
  size_t *next_root;     /* what this pass's reads in context found, merged into root after it */
  size_t *old_root;      /* root before the last pass: an includer is tried once, the pass after it is read */
} Work;

static SourceFile *read_candidate(ParseEnv *env, const Candidate *c, ParseWorker *p) {
  SourceFile *f = cm_xcalloc(1, sizeof *f);
  f->path = cm_xstrdup(c->path);
  f->rel = cm_xstrdup(c->rel);
  if (c->skip) {
    f->skip_reason = cm_xstrdup(c->skip);
    f->unreadable = c->unreadable;
    f->text = cm_xstrdup("");
  } else if (cm_read_file(c->path, &f->text, &f->len)) {
    f->skip_reason = cm_xstrdup(cm_error());
    f->unreadable = true;
    f->text = cm_xstrdup("");
  } else if (c->build != BUILD_NONE) {
    if (is_binary(f->text, f->len) || !read_build_file(f, c->build, env->db)) {
      an_source_free(f);
      return NULL;
    }
    for (size_t k = 0; k < c->includes_outside.len; k++)
      vec_push(&f->includes_outside, c->includes_outside.items[k]);
  } else if (!looks_like_cuda(c->path, f->text, f->len, env->db)) {
    an_source_free(f);
    return NULL;
  } else if (is_binary(f->text, f->len)) {
    f->skip_reason = cm_xstrdup("binary file (NUL bytes)");
  } else {
    long at = first_non_utf8(f->text, f->len);
    f->not_utf8 = at >= 0;
    f->not_utf8_at = at >= 0 ? (unsigned)at : 0;
    parse_file(env, p, c, f);
  }
  if (!f->line_starts.len)
    facts_index_lines(f);
  return f;
}

/* On a terminal: files done of all, the rate, and the file just read, on one
 * line that each file rewrites. */
static void show_progress(Work *w, size_t done, const char *rel) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  double s = (double)(now.tv_sec - w->start.tv_sec) + (double)(now.tv_nsec - w->start.tv_nsec) / 1e9;
  fprintf(stderr, "\rhipport: %zu/%zu files, %.1f files/s, %s\033[K", done, w->cands->len, s > 0 ? (double)done / s : 0.0,
          rel);
}

static void read_one(Work *w, size_t i, ParseWorker *p) {
  w->out[i] = read_candidate(w->env, &w->cands->items[i], p);
  bool pending = w->out[i] && w->out[i]->pending; /* done when parse_one has parsed it */
  size_t done = pending ? atomic_load(&w->done) : atomic_fetch_add(&w->done, 1) + 1;
  if (w->progress)
    show_progress(w, done, w->cands->items[i].rel);
}

static void parse_one(Work *w, size_t i, ParseWorker *p) {
  if (!w->out[i] || !w->out[i]->pending)
    return;
  parse_pending(w->env, p, &w->cands->items[i], w->out[i]);
  size_t done = atomic_fetch_add(&w->done, 1) + 1;
  if (w->progress)
    show_progress(w, done, w->cands->items[i].rel);
}

/* `#include "...name"` or <...name> appears in the text: a file that may include it. */
static bool mentions_include(const SourceFile *f, const char *name) {
  size_t n = strlen(name);
  for (const char *p = f->text; (p = strstr(p, name)); p += n) {
    char before = p > f->text ? p[-1] : ' ', after = p[n];
    if ((before == '"' || before == '<' || before == '/') && (after == '"' || after == '>'))
      return true;
  }
  return false;
}

enum { CONTEXT_TRIES = 3, CONTEXT_DEPTH = 3 };
static const size_t NO_ROOT = SIZE_MAX;

/* path is a file of the folder that is the first dir_len bytes of other. */
static bool in_folder(const char *path, const char *other, size_t dir_len) {
  return strncmp(path, other, dir_len) == 0 && path[dir_len] == '/' && !strchr(path + dir_len + 1, '/');
}

/* The passes after the first: a file that fell back to tokens, or whose own
 * parse had errors in it (a type it names unknown), is read from the tree of a
 * file that includes it (it may use what its includer includes or defines
 * first): a header, or a source pasted into another (rodinia's `#include
 * "kernel.cu"`). An includer read so itself serves through its own root's tree,
 * a pass later: pastes may chain (main.cu, work.cu, solver.cu, kernel.cu). A
 * pasted source read from its tokens (--tiered) takes its includer's root
 * unparsed: alone, it would most likely have failed and been read so. */
static void read_in_context(Work *w, size_t i, ParseWorker *p) {
  SourceFile *h = w->out[i];
  bool pasted = h && h->settled && w->root[i] == NO_ROOT;
  if (!h || (!pasted && ((h->parser != PARSER_LEXICAL && !h->alone_errors) || h->settled)) || h->skip_reason ||
      h->build)
    return;
  const char *slash = strrchr(h->path, '/'), *base = slash ? slash + 1 : h->path;
  size_t dir_len = slash ? (size_t)(slash - h->path) : 0;
  int tries = 0;
  for (int near = 1; near >= 0; near--) /* its own folder's files first: kernel.cu is a common name */
    for (size_t j = 0; j < w->cands->len && tries < CONTEXT_TRIES; j++) {
      SourceFile *f = w->out[j];
      size_t r = w->root[j];
      if (r == NO_ROOT || w->old_root[j] != NO_ROOT || f->build || in_folder(f->path, h->path, dir_len) != near ||
          !mentions_include(f, base))
        continue;
      tries++;
      if (pasted || parse_in_context(w->env, p, &w->cands->items[r], w->out[r], &w->cands->items[i], h)) {
        w->next_root[i] = r;
        return;
      }
    }
}

/* Each parsing thread has its own index and a signal stack for a crash in libclang. */
static void *parser_init(void *ctx) {
  (void)ctx;
  parse_thread_init();
  return cm_xcalloc(1, sizeof(ParseWorker));
}

static void parser_done(void *ctx, void *parser) {
  Work *w = ctx;
  ParseWorker *p = parser;
  parse_worker_drop_tree(w->env, p);
  if (p->index)
    clang_disposeIndex(p->index);
  free(p);
  parse_thread_done();
}

static void read_item(void *ctx, void *parser, size_t i) {
  Work *w = ctx;
  w->read(w, i, parser);
}

static void run_workers(Work *w, int jobs) {
  static const CmThreads parsers = {PARSE_STACK_BYTES, parser_init, parser_done};
  cm_parallel_for_threads(w->cands->len, jobs < 1 ? 1 : jobs, &parsers, read_item, w);
  if (w->progress)
    fputs("\r\033[K", stderr);
}

static void read_in_contexts(Work *w, int jobs) {
  size_t n = w->cands->len;
  w->root = cm_xcalloc(n + 1, sizeof *w->root);
  w->next_root = cm_xcalloc(n + 1, sizeof *w->next_root);
  w->old_root = cm_xcalloc(n + 1, sizeof *w->old_root);
  for (size_t i = 0; i < n; i++) {
    const SourceFile *f = w->out[i];
    bool pasted = f && f->settled && !is_header_name(f->path) && project_file_included(w->env, f->path);
    bool whole = f && (f->parser == PARSER_LIBCLANG || (f->settled && !pasted)); /* settled: it would parse */
    w->root[i] = w->next_root[i] = whole ? i : NO_ROOT;
    w->old_root[i] = NO_ROOT;
  }
  w->read = read_in_context;
  w->progress = false;
  bool found = true;
  for (int depth = 0; depth < CONTEXT_DEPTH && found; depth++) {
    run_workers(w, jobs);
    found = memcmp(w->root, w->next_root, n * sizeof *w->root) != 0;
    memcpy(w->old_root, w->root, n * sizeof *w->root);
    memcpy(w->root, w->next_root, n * sizeof *w->root);
  }
  free(w->root);
  free(w->next_root);
  free(w->old_root);
}

static int by_rel(const void *a, const void *b) {
  return strcmp((*(SourceFile *const *)a)->rel, (*(SourceFile *const *)b)->rel);
}

void free_candidates(Candidates *cands) {
  for (size_t i = 0; i < cands->len; i++) {
    Candidate *c = &cands->items[i];
    for (int a = 0; a < c->nargs; a++)
      free(c->args[a]);
    free(c->args);
    free(c->path);
    free(c->rel);
    free(c->dir);
    free(c->skip);
    vec_free(&c->includes_outside);
  }
  vec_free(cands);
}

/* `path` is one of the paths named, or under one of them. */
static bool named(const char *path, const char *const *paths, size_t n) {
  bool found = false;
  for (size_t i = 0; i < n && !found; i++) {
    char *real = realpath(paths[i], NULL);
    size_t len = real ? strlen(real) : 0;
    found = real && strncmp(path, real, len) == 0 && (path[len] == '\0' || path[len] == '/');
    free(real);
  }
  return found;
}

static bool listed(const Candidates *cands, const char *path) {
  for (size_t i = 0; i < cands->len; i++)
    if (strcmp(cands->items[i].path, path) == 0)
      return true;
  return false;
}

/* The build's files under the paths named, with their flags, plus the headers and build files
 * there: a build database lists only what it compiles (and often more than the
 * part of the tree the user asked for), and headers are ported too. */
static Status use_compile_db(const char *dir, const char *const *paths, size_t npaths, Facts *out,
                             Candidates *cands) {
  Candidates all = {0}, db = {0}, elsewhere = {0};
  Status st = read_compile_db(dir, out->root, &all);
  for (size_t i = 0; i < all.len; i++)
    if (named(all.items[i].path, paths, npaths))
      vec_push(&db, all.items[i]);
    else
      vec_push(&elsewhere, all.items[i]);
  vec_free(&all);
  free_candidates(&elsewhere);
  for (size_t i = 0; !st && i < cands->len; i++) {
    Candidate *c = &cands->items[i];
    if ((is_header_name(c->path) || c->build != BUILD_NONE) && !listed(&db, c->path)) {
      vec_push(&db, *c);
      *c = (Candidate){0};
    }
  }
  free_candidates(cands);
  *cands = db;
  out->files_scanned = db.len;
  return st;
}

static void keep_read_keys(const Candidates *cands, Facts *out) {
  for (size_t i = 0; i < cands->len; i++) {
    struct stat st;
    if (!cands->items[i].skip && stat(cands->items[i].path, &st) == 0)
      vec_push(&out->read, ((FileKey){st.st_dev, st.st_ino}));
  }
}

bool an_was_read(const Facts *f, const char *path) {
  struct stat st;
  if (stat(path, &st) != 0)
    return false;
  for (size_t i = 0; i < f->read.len; i++)
    if (f->read.items[i].dev == st.st_dev && f->read.items[i].ino == st.st_ino)
      return true;
  return false;
}

/* Which files open with the same #include block, before any is parsed: every
 * CUDA file, or those read so far whose parse is pending (--tiered: a Thrust
 * set is worth a PCH only where two files to parse share it). */
static void count_include_sets(ParseEnv *env, const Candidates *cands, SourceFile *const *read) {
  for (size_t i = 0; env->sets && i < cands->len; i++) {
    const Candidate *c = &cands->items[i];
    if (read) {
      if (read[i] && read[i]->pending)
        include_sets_count(env, c, read[i]->text, read[i]->len);
      continue;
    }
    char *text;
    size_t len;
    if (c->skip || cm_read_file(c->path, &text, &len) != ST_OK)
      continue;
    if (looks_like_cuda(c->path, text, len, env->db))
      include_sets_count(env, c, text, len);
    free(text);
  }
}

/* The Make fragments the tree's Makefiles include under any name (rodinia's
 * common/make.config, which sets CUDA_DIR for every program): build files too,
 * read as Makefiles; a fragment's own includes are followed in turn. One
 * outside the tree is not read (nothing is written there), but its include is
 * noted: a port of the tree alone will not have it. */
static void add_make_fragments(const char *root, Candidates *cands) {
  size_t n = strlen(root);
  for (size_t i = 0; i < cands->len; i++) {
    char *text;
    size_t len;
    if (cands->items[i].build != BUILD_MAKE || cands->items[i].skip ||
        cm_read_file(cands->items[i].path, &text, &len) != ST_OK)
      continue;
    MakeIncludes named = {0};
    make_includes(cands->items[i].path, text, len, &named);
    free(text);
    for (size_t k = 0; k < named.len; k++) {
      char *real = realpath(named.items[k].path, NULL);
      struct stat st;
      bool inside = real && cm_path_inside(root, real);
      if (real && !inside)
        vec_push(&cands->items[i].includes_outside, named.items[k].at);
      if (inside && stat(real, &st) == 0 && S_ISREG(st.st_mode) && !listed(cands, real))
        vec_push(cands, ((Candidate){.path = real, .rel = cm_xstrdup(real + n + 1), .build = BUILD_MAKE}));
      else
        free(real);
    }
    make_includes_free(&named);
  }
}

static NameSet *project_files(const Candidates *cands) {
  NameSet *s = nameset_new();
  for (size_t i = 0; i < cands->len; i++)
    for (const char *p = cands->items[i].rel; p; p = strchr(p, '/') ? strchr(p, '/') + 1 : NULL)
      nameset_add(s, p);
  return s;
}

Status an_scan(const char *const *paths, size_t npaths, const ScanOptions *opt, const RuleDb *db, Facts *out) {
  Candidates cands = {0};
  Strings include_dirs = {0};
  *out = (Facts){0};
  Status st = walk_paths(paths, npaths, &out->root, &cands, &include_dirs, &out->files_scanned);
  if (!st && opt->compile_db)
    st = use_compile_db(opt->compile_db, paths, npaths, out, &cands);
  if (!st)
    add_make_fragments(out->root, &cands);
  ParseEnv env;
  if (!st)
    st = parse_env_init(&env, opt, db, include_dirs, out->root);
  if (!st) {
    env.project_files = project_files(&cands);
    env.cands = &cands;
    if (!env.tiered)
      count_include_sets(&env, &cands, NULL);
    keep_read_keys(&cands, out);
    Work w = {.env = &env, .cands = &cands, .out = cm_xcalloc(cands.len + 1, sizeof *w.out), .progress = opt->progress,
              .read = read_one};
    clock_gettime(CLOCK_MONOTONIC, &w.start);
    run_workers(&w, opt->jobs);
    if (env.tiered) {
      count_include_sets(&env, &cands, w.out);
      w.read = parse_one;
      run_workers(&w, opt->jobs);
    }
    if (!opt->lexical)
      read_in_contexts(&w, opt->jobs);
    out->lexical = opt->lexical;
    for (size_t i = 0; i < cands.len; i++)
      if (w.out[i]) {
        vec_push(&out->files, w.out[i]);
        out->reused_files += w.out[i]->reused;
        out->settled_files += w.out[i]->settled;
      }
    vec_sort(&out->files, by_rel);
    free(w.out);
    parse_env_free(&env);
  }
  free_candidates(&cands);
  out->header_dirs.items = include_dirs.items; /* what a build of these files needs to find their headers */
  out->header_dirs.len = include_dirs.len, out->header_dirs.cap = include_dirs.cap;
  if (st)
    an_facts_free(out);
  return st;
}

void an_source_free(SourceFile *f) {
  an_forget_facts(f);
  free_build_commands(f);
  an_forget_found_includes(f);
  free(f->path);
  free(f->rel);
  free(f->text);
  free(f->fallback_reason);
  free(f->needs_tree);
  free(f->skip_reason);
  free(f->parsed_with);
  free(f);
}

char *an_scan_root(const char *const *paths, size_t n) {
  char **real = cm_xcalloc(n + 1, sizeof *real), *root = NULL;
  size_t ok = 0;
  while (ok < n && (real[ok] = realpath(paths[ok], NULL)))
    ok++;
  if (n && ok == n)
    root = common_root(real, n);
  for (size_t i = 0; i < ok; i++)
    free(real[i]);
  free(real);
  return root;
}

void an_facts_free(Facts *facts) {
  for (size_t i = 0; i < facts->files.len; i++)
    an_source_free(facts->files.items[i]);
  vec_free(&facts->files);
  vec_free(&facts->read);
  for (size_t i = 0; i < facts->header_dirs.len; i++)
    free(facts->header_dirs.items[i]);
  vec_free(&facts->header_dirs);
  free(facts->root);
  facts->root = NULL;
}
