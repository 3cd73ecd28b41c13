/* One parallel-for: items handed out one at a time to `jobs` threads, so a slow
 * item (a big translation unit) does not hold back a whole share. Where no
 * thread can be made, the caller's thread does all of them. */
#include <pthread.h>
#include <stdatomic.h>

#include "common.h"

typedef struct {
  size_t n;
  void (*fn)(void *ctx, size_t i);
  void *ctx;
  atomic_size_t next;
} Loop;

static void *worker(void *arg) {
  Loop *l = arg;
  for (size_t i; (i = atomic_fetch_add(&l->next, 1)) < l->n;)
    l->fn(l->ctx, i);
  return NULL;
}

void cm_parallel_for(size_t n, int jobs, void (*fn)(void *ctx, size_t i), void *ctx) {
  enum { MAX_THREADS = 256 };
  pthread_t threads[MAX_THREADS];
  Loop l = {.n = n, .fn = fn, .ctx = ctx};
  atomic_init(&l.next, 0);
  int started = 0;
  while (started < jobs && started < MAX_THREADS && (size_t)started < n &&
         pthread_create(&threads[started], NULL, worker, &l) == 0)
    started++;
  if (started == 0)
    worker(&l);
  for (int i = 0; i < started; i++)
    pthread_join(threads[i], NULL);
}
