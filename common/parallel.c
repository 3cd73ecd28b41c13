/* One parallel-for: items handed out one at a time to `jobs` threads, so a slow
 * item (a big translation unit) does not hold back a whole share. Where no
 * thread can be made, the caller's thread does all of them. */
#include <pthread.h>
#include <stdatomic.h>

#include "common.h"

typedef struct {
  size_t n;
  const CmThreads *threads;
  void (*fn)(void *ctx, void *state, size_t i);
  void *ctx;
  atomic_size_t next;
} Loop;

static void *worker(void *arg) {
  Loop *l = arg;
  const CmThreads *t = l->threads;
  void *state = t && t->init ? t->init(l->ctx) : NULL;
  for (size_t i; (i = atomic_fetch_add(&l->next, 1)) < l->n;)
    l->fn(l->ctx, state, i);
  if (t && t->done)
    t->done(l->ctx, state);
  return NULL;
}

void cm_parallel_for_threads(size_t n, int jobs, const CmThreads *t, void (*fn)(void *ctx, void *state, size_t i),
                             void *ctx) {
  enum { MAX_THREADS = 256 };
  pthread_t threads[MAX_THREADS];
  Loop l = {.n = n, .threads = t, .fn = fn, .ctx = ctx};
  atomic_init(&l.next, 0);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (t && t->stack_bytes)
    pthread_attr_setstacksize(&attr, t->stack_bytes);
  int started = 0;
  while (started < jobs && started < MAX_THREADS && (size_t)started < n &&
         pthread_create(&threads[started], &attr, worker, &l) == 0)
    started++;
  pthread_attr_destroy(&attr);
  if (started == 0)
    worker(&l);
  for (int i = 0; i < started; i++)
    pthread_join(threads[i], NULL);
}

typedef struct {
  void (*fn)(void *ctx, size_t i);
  void *ctx;
} Plain;

static void plain_item(void *ctx, void *state, size_t i) {
  Plain *p = ctx;
  (void)state;
  p->fn(p->ctx, i);
}

void cm_parallel_for(size_t n, int jobs, void (*fn)(void *ctx, size_t i), void *ctx) {
  Plain p = {fn, ctx};
  cm_parallel_for_threads(n, jobs, NULL, plain_item, &p);
}
