/* The shared toolbox: error messages, buffers, allocation that never returns NULL,
 * whole-file reads. Allocation failure is not an input problem a user can fix, so
 * it aborts rather than travelling up as a status. */
#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static _Thread_local char last_error[1024];

Status cm_fail(Status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  return st;
}

const char *cm_error(void) { return last_error; }

static void *check_alloc(void *p) {
  if (!p) {
    fputs("hipport: out of memory\n", stderr);
    abort();
  }
  return p;
}

void *cm_xmalloc(size_t n) { return check_alloc(malloc(n ? n : 1)); }
void *cm_xcalloc(size_t n, size_t size) { return check_alloc(calloc(n ? n : 1, size ? size : 1)); }
void *cm_xrealloc(void *p, size_t n) { return check_alloc(realloc(p, n ? n : 1)); }
char *cm_xstrdup(const char *s) { return check_alloc(strdup(s)); }
char *cm_xstrndup(const char *s, size_t n) { return check_alloc(strndup(s, n)); }

char *cm_xasprintf(const char *fmt, ...) {
  va_list ap;
  char *s = NULL;
  va_start(ap, fmt);
  int n = vasprintf(&s, fmt, ap);
  va_end(ap);
  return check_alloc(n < 0 ? NULL : s);
}

static void buf_reserve(Buf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1)
    cap *= 2;
  b->data = cm_xrealloc(b->data, cap);
  b->cap = cap;
}

void buf_append(Buf *b, const char *s, size_t n) {
  buf_reserve(b, n);
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void buf_puts(Buf *b, const char *s) { buf_append(b, s, strlen(s)); }

void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  buf_reserve(b, (size_t)n);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  b->len += (size_t)n;
}

char *buf_cstr(Buf *b) {
  buf_reserve(b, 0);
  b->data[b->len] = '\0';
  return b->data;
}

void buf_free(Buf *b) {
  free(b->data);
  *b = (Buf){0};
}

Status cm_read_file(const char *path, char **data, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return cm_fail(ST_INPUT, "%s: cannot open: %s", path, strerror(errno));
  Buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    buf_append(&b, chunk, n);
  int failed = ferror(f);
  fclose(f);
  if (failed) {
    buf_free(&b);
    return cm_fail(ST_INPUT, "%s: read error", path);
  }
  *data = buf_cstr(&b);
  *len = b.len;
  return ST_OK;
}

const char *cm_exe_dir(void) {
  static char dir[PATH_MAX];
  if (dir[0])
    return dir;
  ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
  if (n <= 0)
    return strcpy(dir, ".");
  dir[n] = '\0';
  char *slash = strrchr(dir, '/');
  if (slash)
    *slash = '\0';
  return dir;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb, (void)flag, (void)ftw;
  return remove(path);
}

void cm_remove_tree(const char *dir) { nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS); }

bool cm_is_special_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}
