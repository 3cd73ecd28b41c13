/* an_scan: the analyzer's entry point. Finds the files (walk or compile
 * database), keeps the CUDA ones, and parses them on -j worker threads, each
 * with its own libclang index. Results are stored by file index, so the output
 * is the same whatever the number of threads. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

typedef struct {
  const ParseEnv *env;
  const Candidates *cands;
  SourceFile **out;      /* per candidate; NULL when not CUDA */
  atomic_size_t next, done;
  bool progress;
} Work;

static SourceFile *read_candidate(const ParseEnv *env, const Candidate *c, CXIndex index) {
  SourceFile *f = cm_xcalloc(1, sizeof *f);
  f->path = cm_xstrdup(c->path);
  f->rel = cm_xstrdup(c->rel);
  if (cm_read_file(c->path, &f->text, &f->len)) {
    f->skip_reason = cm_xstrdup(cm_error());
    f->unreadable = true;
    f->text = cm_xstrdup("");
  } else if (!looks_like_cuda(c->path, f->text, f->len, env->db)) {
    an_source_free(f);
    return NULL;
  } else if ((f->skip_reason = (char *)binary_or_bad_utf8(f->text, f->len))) {
    f->skip_reason = cm_xstrdup(f->skip_reason);
  } else {
    parse_file(env, index, c, f);
  }
  if (!f->line_starts.len)
    facts_index_lines(f);
  return f;
}

static void *worker(void *arg) {
  Work *w = arg;
  CXIndex index = clang_createIndex(0, 0);
  size_t i;
  while ((i = atomic_fetch_add(&w->next, 1)) < w->cands->len) {
    w->out[i] = read_candidate(w->env, &w->cands->items[i], index);
    size_t done = atomic_fetch_add(&w->done, 1) + 1;
    if (w->progress)
      fprintf(stderr, "\rhipport: %zu/%zu files", done, w->cands->len);
  }
  clang_disposeIndex(index);
  return NULL;
}

static void run_workers(Work *w, int jobs) {
  if (jobs < 1)
    jobs = 1;
  pthread_t *threads = cm_xcalloc((size_t)jobs, sizeof *threads);
  for (int t = 0; t < jobs; t++)
    pthread_create(&threads[t], NULL, worker, w);
  for (int t = 0; t < jobs; t++)
    pthread_join(threads[t], NULL);
  free(threads);
  if (w->progress)
    fputs("\r\033[K", stderr);
}

static int by_rel(const void *a, const void *b) {
  return strcmp((*(SourceFile *const *)a)->rel, (*(SourceFile *const *)b)->rel);
}

static void free_candidates(Candidates *cands) {
  for (size_t i = 0; i < cands->len; i++) {
    Candidate *c = &cands->items[i];
    for (int a = 0; a < c->nargs; a++)
      free(c->args[a]);
    free(c->args);
    free(c->path);
    free(c->rel);
    free(c->dir);
  }
  vec_free(cands);
}

/* The build's files with their flags, plus the headers under the root: a build
 * database lists only what it compiles, and headers are ported too. */
static Status use_compile_db(const char *dir, Facts *out, Candidates *cands) {
  Candidates db = {0};
  Status st = read_compile_db(dir, out->root, &db);
  for (size_t i = 0; !st && i < cands->len; i++) {
    Candidate *c = &cands->items[i];
    bool listed = false;
    for (size_t k = 0; k < db.len && !listed; k++)
      listed = strcmp(db.items[k].path, c->path) == 0;
    if (is_header_name(c->path) && !listed) {
      vec_push(&db, *c);
      *c = (Candidate){0};
    }
  }
  free_candidates(cands);
  *cands = db;
  out->files_scanned = db.len;
  return st;
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
    st = use_compile_db(opt->compile_db, out, &cands);
  ParseEnv env;
  if (!st)
    st = parse_env_init(&env, opt, db, include_dirs);
  if (!st) {
    env.project_files = project_files(&cands);
    Work w = {.env = &env, .cands = &cands, .out = cm_xcalloc(cands.len + 1, sizeof *w.out), .progress = opt->progress};
    run_workers(&w, opt->jobs);
    for (size_t i = 0; i < cands.len; i++)
      if (w.out[i])
        vec_push(&out->files, w.out[i]);
    qsort(out->files.items, out->files.len, sizeof *out->files.items, by_rel);
    free(w.out);
    parse_env_free(&env);
  }
  free_candidates(&cands);
  for (size_t i = 0; i < include_dirs.len; i++)
    free(include_dirs.items[i]);
  vec_free(&include_dirs);
  return st;
}

void an_source_free(SourceFile *f) {
  for (size_t i = 0; i < f->facts.len; i++)
    free(f->facts.items[i].name);
  vec_free(&f->facts);
  vec_free(&f->line_starts);
  free(f->path);
  free(f->rel);
  free(f->text);
  free(f->code_only);
  free(f->fallback_reason);
  free(f->skip_reason);
  free(f);
}

void an_facts_free(Facts *facts) {
  for (size_t i = 0; i < facts->files.len; i++)
    an_source_free(facts->files.items[i]);
  vec_free(&facts->files);
  free(facts->root);
}
