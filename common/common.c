/* The shared toolbox: error messages, buffers, allocation that never returns NULL,
 * whole-file reads. Allocation failure is not an input problem a user can fix, so
 * it aborts rather than travelling up as a status. */
#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdatomic.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static _Thread_local char last_error[1024];
static _Thread_local int last_cause;

Status cm_fail(Status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  last_cause = 0;
  return st;
}

Status cm_fail_cause(Status st, int cause, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  last_cause = cause;
  return st;
}

const char *cm_error(void) { return last_error; }
int cm_error_cause(void) { return last_cause; }

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

void cm_strings_free(CmStrings *v) {
  for (size_t i = 0; i < v->len; i++)
    free(v->items[i]);
  vec_free(v);
}

void cm_split_command(const char *s, CmStrings *out) {
  Buf word = {0};
  bool in_word = false;
  for (char quote = 0; *s; s++) {
    if (!quote && (*s == ' ' || *s == '\t')) {
      if (in_word)
        vec_push(out, cm_xstrdup(buf_cstr(&word)));
      word.len = 0, in_word = false;
      continue;
    }
    in_word = true;
    if (quote ? *s == quote : (*s == '\'' || *s == '"'))
      quote = quote ? 0 : *s;
    else if (*s == '\\' && s[1] && quote != '\'')
      buf_append(&word, ++s, 1);
    else
      buf_append(&word, s, 1);
  }
  if (in_word)
    vec_push(out, cm_xstrdup(buf_cstr(&word)));
  buf_free(&word);
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

uint64_t cm_hash(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

uint64_t cm_hash_str(uint64_t h, const char *s) {
  return s ? cm_hash(h, s, strlen(s) + 1) : cm_hash(h, "\xff", 1);
}

char *cm_user_cache_dir(void) {
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (xdg && *xdg == '/') /* the XDG spec ignores a relative one */
    return cm_xasprintf("%s/hipport", xdg);
  return home && *home ? cm_xasprintf("%s/.cache/hipport", home) : NULL;
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

/* Drops the last component of an absolute path in place ("/a/b" -> "/a", "/a" -> "/"). */
static void drop_last(char *path) {
  char *slash = strrchr(path, '/');
  slash[slash == path] = '\0';
}

/* One component after `cur`, which is always resolved where it exists: so ".."
 * is its parent by name, and a link met on the way is followed. */
static char *step(char *cur, const char *name, size_t n) {
  if (n == 1 && name[0] == '.')
    return cur;
  if (n == 2 && name[0] == '.' && name[1] == '.') {
    drop_last(cur);
    return cur;
  }
  char *next = cm_xasprintf("%s%s%.*s", cur, strcmp(cur, "/") ? "/" : "", (int)n, name);
  free(cur);
  char *real = realpath(next, NULL);
  if (!real)
    return next; /* does not exist (yet): kept as named */
  free(next);
  return real;
}

bool cm_path_inside(const char *dir, const char *path) {
  size_t n = strlen(dir);
  return strncmp(path, dir, n) == 0 && (path[n] == '/' || (n == 1 && path[1] != '\0'));
}

char *cm_resolve_path(const char *path) {
  char cwd[PATH_MAX];
  char *cur = path[0] == '/' ? cm_xstrdup("/") : cm_xstrdup(getcwd(cwd, sizeof cwd) ? cwd : "/");
  for (const char *p = path; *p;) {
    size_t n = strcspn(p, "/");
    if (n)
      cur = step(cur, p, n);
    p += n + (p[n] == '/');
  }
  return cur;
}

bool cm_same_file(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* ---- cleanup on signals ---- */

enum { CLEANUP_SLOTS = 64 };
static struct {
  atomic_int used;
  char path[PATH_MAX], inner[PATH_MAX];
} cleanup[CLEANUP_SLOTS];

/* Only async-signal-safe calls: unlink, rmdir, signal, raise. */
static void on_signal(int sig) {
  for (int i = 0; i < CLEANUP_SLOTS; i++) {
    if (atomic_load(&cleanup[i].used) != 2)
      continue;
    if (cleanup[i].inner[0]) {
      unlink(cleanup[i].inner);
      rmdir(cleanup[i].path);
    } else {
      unlink(cleanup[i].path);
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};

void cm_cleanup_install(void) {
  struct sigaction sa = {.sa_handler = on_signal};
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof cleanup_signals / sizeof *cleanup_signals; i++)
    sigaction(cleanup_signals[i], &sa, NULL);
}

static void mask_signals(int how) {
  sigset_t set;
  sigemptyset(&set);
  for (size_t i = 0; i < sizeof cleanup_signals / sizeof *cleanup_signals; i++)
    sigaddset(&set, cleanup_signals[i]);
  pthread_sigmask(how, &set, NULL);
}

void cm_signals_hold(void) { mask_signals(SIG_BLOCK); }
void cm_signals_release(void) { mask_signals(SIG_UNBLOCK); }

int cm_cleanup_add(const char *path, const char *inner) {
  if (strlen(path) >= PATH_MAX || (inner && strlen(inner) >= PATH_MAX))
    return -1;
  for (int i = 0; i < CLEANUP_SLOTS; i++) {
    int free_slot = 0;
    if (!atomic_compare_exchange_strong(&cleanup[i].used, &free_slot, 1))
      continue;
    strcpy(cleanup[i].path, path);
    strcpy(cleanup[i].inner, inner ? inner : "");
    atomic_store(&cleanup[i].used, 2); /* complete: the handler may use it */
    return i;
  }
  return -1;
}

void cm_cleanup_drop(int slot) {
  if (slot >= 0)
    atomic_store(&cleanup[slot].used, 0);
}

const char *cm_temp_base(void) {
  const char *base = getenv("TMPDIR");
  return base && *base ? base : "/tmp";
}

bool cm_make_folders(const char *dir) {
  char *p = cm_xstrdup(dir);
  bool ok = true;
  for (char *s = p + 1; ok; s++) {
    if (*s != '/' && *s)
      continue;
    char c = *s;
    *s = '\0';
    ok = mkdir(p, 0700) == 0 || errno == EEXIST;
    if (!c)
      break;
    *s = c;
  }
  free(p);
  return ok;
}

char *cm_make_temp_dir(const char *prefix) {
  char *dir = cm_xasprintf("%s/%s-XXXXXX", cm_temp_base(), prefix);
  if (mkdtemp(dir))
    return dir;
  cm_fail(ST_ENV, "cannot make a temporary folder in %s: %s (check TMPDIR)", cm_temp_base(), strerror(errno));
  free(dir);
  return NULL;
}

/* ---- atomic writes ---- */

Status cm_atomic_open(AtomicFile *a, const char *path, unsigned mode) {
  *a = (AtomicFile){.path = cm_xstrdup(path), .special = cm_is_special_file(path), .slot = -1};
  a->tmp = a->special ? cm_xstrdup(path) : cm_xasprintf("%s.hipport-tmp", path);
  if (!a->special)
    a->slot = cm_cleanup_add(a->tmp, NULL);
  int fd = open(a->tmp, O_WRONLY | O_CREAT | O_TRUNC, mode & 07777);
  a->f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (a->f)
    return ST_OK;
  Status st = cm_fail(ST_INPUT, "%s: cannot write: %s", path, strerror(errno));
  if (fd >= 0)
    close(fd);
  cm_atomic_commit(a, st);
  return st;
}

Status cm_atomic_commit(AtomicFile *a, Status st) {
  if (a->f) {
    if (!st && (fflush(a->f) != 0 || ferror(a->f)))
      st = cm_fail(ST_ENV, "%s: write failed: %s", a->path, strerror(errno));
    if (!st && !a->special && fsync(fileno(a->f)) != 0) /* on disk before the rename makes it the file */
      st = cm_fail(ST_ENV, "%s: write failed: %s", a->path, strerror(errno));
    if (fclose(a->f) != 0 && !st)
      st = cm_fail(ST_ENV, "%s: write failed: %s", a->path, strerror(errno));
  }
  if (!st && !a->special && rename(a->tmp, a->path) != 0)
    st = cm_fail(ST_ENV, "%s: cannot rename into place: %s", a->path, strerror(errno));
  if (st && !a->special)
    unlink(a->tmp);
  cm_cleanup_drop(a->slot);
  free(a->path);
  free(a->tmp);
  *a = (AtomicFile){.slot = -1};
  return st;
}

Status cm_write_atomically(const char *path, const char *data, size_t len, unsigned mode) {
  AtomicFile a;
  Status st = cm_atomic_open(&a, path, mode);
  if (st)
    return st;
  if (fwrite(data, 1, len, a.f) != len)
    st = cm_fail(ST_ENV, "%s: write failed: %s", path, strerror(errno));
  return cm_atomic_commit(&a, st);
}
