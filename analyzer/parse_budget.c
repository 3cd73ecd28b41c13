/* The parses running at once share one memory budget. A parse costs what its
 * file includes: past the CUDA prelude, a Thrust or CUB tree adds about 135 MB,
 * and two workers each holding one put a -j2 scan of the generated tree at 540
 * MB of peak memory where -j1 needs 340. Each file's weight is read from its
 * #include lines, and those of the project headers they name, before its parse
 * (rules/data/parse_weights.csv gives the weights); a worker waits while the
 * parses running would pass the budget with its own. A parse waits only for
 * another one to end, so a file heavier than the whole budget still parses,
 * alone, and files of no weight never wait.
 *
 * The bound holds only if what one parse frees serves the next, whichever
 * worker runs it: glibc gives each thread an arena of its own and keeps what is
 * freed there, so two workers each kept a Thrust tree's worth (a -j2 scan of 40
 * generated files: 500 MB without the budget, 480 with one arena, 500 with the
 * budget alone, 320 with both, for the same CPU time). */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

void parse_budget_init(ParseBudget *b, unsigned limit_mb) {
  *b = (ParseBudget){.limit_mb = limit_mb};
  if (limit_mb)
    mallopt(M_ARENA_MAX, 1);
  pthread_mutex_init(&b->lock, NULL);
  pthread_cond_init(&b->freed, NULL);
}

void parse_budget_free(ParseBudget *b) {
  pthread_mutex_destroy(&b->lock);
  pthread_cond_destroy(&b->freed);
}

void parse_budget_take(ParseBudget *b, unsigned mb) {
  if (!mb || !b->limit_mb)
    return;
  pthread_mutex_lock(&b->lock);
  while (b->running_mb && b->running_mb + mb > b->limit_mb)
    pthread_cond_wait(&b->freed, &b->lock);
  b->running_mb += mb;
  pthread_mutex_unlock(&b->lock);
}

void parse_budget_give(ParseBudget *b, unsigned mb) {
  if (!mb || !b->limit_mb)
    return;
  pthread_mutex_lock(&b->lock);
  b->running_mb -= mb;
  pthread_cond_broadcast(&b->freed);
  pthread_mutex_unlock(&b->lock);
}

/* How deep the project headers named by "..." are followed: a header of
 * helpers that includes Thrust makes its includers heavy. */
enum { LOCAL_DEPTH = 3 };

static unsigned text_weight(const RuleDb *db, const char *path, const char *text, size_t len, int depth);

/* A project header named by `#include "name"`, found beside the file that names it. */
static unsigned local_weight(const RuleDb *db, const char *from, const char *name, size_t n, int depth) {
  const char *slash = strrchr(from, '/');
  char *path = cm_xasprintf("%.*s%.*s", slash ? (int)(slash - from + 1) : 0, from, (int)n, name);
  char *text;
  size_t len;
  unsigned mb = 0;
  if (!cm_read_file(path, &text, &len)) {
    mb = text_weight(db, path, text, len, depth + 1);
    free(text);
  }
  free(path);
  return mb;
}

/* The heaviest `#include <name>` or `#include "name"` of the text. */
static unsigned text_weight(const RuleDb *db, const char *path, const char *text, size_t len, int depth) {
  unsigned mb = 0;
  const char *end = text + len;
  for (const char *p = text; p < end;) {
    size_t n;
    const char *name = an_line_include(p, end, &n);
    if (name) {
      unsigned w = rl_parse_weight(db, name, n);
      if (name[-1] == '"' && depth < LOCAL_DEPTH) {
        unsigned local = local_weight(db, path, name, n, depth);
        w = local > w ? local : w;
      }
      mb = w > mb ? w : mb;
    }
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    p = eol ? eol + 1 : end;
  }
  return mb;
}

unsigned parse_weight(const RuleDb *db, const SourceFile *f) {
  return text_weight(db, f->path, f->text, f->len, 0);
}
