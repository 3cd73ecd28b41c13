/* common: the small toolbox every stage shares.
 *
 * Status codes that travel up to main (which turns them into exit codes), one
 * thread-local error message per status, a growable byte buffer, a growable
 * array, and whole-file reading. Nothing here knows about CUDA or HIP. */
#ifndef HIPPORT_COMMON_H
#define HIPPORT_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The exit code of each status is its value (ORDER EXIT in cli/main.c's help). */
typedef enum {
  ST_OK = 0,
  ST_FINDINGS = 1,   /* findings of a --fail-on category were found */
  ST_USAGE = 2,      /* unknown command or option, bad option value */
  ST_INPUT = 3,      /* missing/unreadable input, bad compile database */
  ST_ENV = 4,        /* the environment: a missing rule database, toolchain, disk */
  ST_RULES = 5,      /* a rule database that is damaged or not one: rebuild or reinstall */
} Status;

/* Records a one-line message for the status being returned; cm_error() reads it. */
Status cm_fail(Status st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *cm_error(void);

/* A failure the user can get past, with its cause: each stage numbers its causes
 * in its own header (a block of 256 per stage), and the command line turns one
 * into advice naming its own options, which a stage never knows. cm_fail's
 * failures have cause 0. */
Status cm_fail_cause(Status st, int cause, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int cm_error_cause(void);

typedef struct {
  char *data;
  size_t len, cap;
} Buf;

void buf_append(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *buf_cstr(Buf *b);          /* NUL-terminated view; the buffer keeps ownership */
void buf_free(Buf *b);

/* A growable array of T: `VEC(int) v = {0}; vec_push(&v, 3);` */
#define VEC(T) struct { T *items; size_t len, cap; }
#define vec_push(v, x)                                                     \
  do {                                                                     \
    if ((v)->len == (v)->cap) {                                            \
      (v)->cap = (v)->cap ? (v)->cap * 2 : 16;                             \
      (v)->items = cm_xrealloc((v)->items, (v)->cap * sizeof *(v)->items); \
    }                                                                      \
    (v)->items[(v)->len++] = (x);                                          \
  } while (0)
/* qsort must not be handed NULL even for no items (C17 7.1.4), and an empty VEC holds NULL. */
#define vec_sort(v, cmp)                                          \
  do {                                                            \
    if ((v)->len > 1)                                             \
      qsort((v)->items, (v)->len, sizeof *(v)->items, cmp);       \
  } while (0)
#define vec_free(v) (free((v)->items), (v)->items = NULL, (v)->len = (v)->cap = 0)

typedef VEC(char *) CmStrings;
/* Frees each string and the array. */
void cm_strings_free(CmStrings *v);
/* A command line split into words at blanks, with '' and "" quoting and
 * backslash escapes, as CMake and Bear write compile commands. */
void cm_split_command(const char *s, CmStrings *out);

void *cm_xmalloc(size_t n);
void *cm_xcalloc(size_t n, size_t size);
void *cm_xrealloc(void *p, size_t n);
char *cm_xstrdup(const char *s);
char *cm_xstrndup(const char *s, size_t n);
char *cm_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* FNV-1a, 64 bits: the cache keys' hash (not a defence against a chosen
 * collision; keys name entries that the user's own runs wrote). Start from
 * CM_HASH_SEED and feed it piece by piece; cm_hash_str feeds a string with its
 * terminator (NULL as a string of its own), so that "ab"+"c" differs from "a"+"bc". */
#define CM_HASH_SEED 1469598103934665603ull
uint64_t cm_hash(uint64_t h, const void *data, size_t n);
uint64_t cm_hash_str(uint64_t h, const char *s);

/* Reads a whole file; ST_INPUT with a message naming the path on failure. */
Status cm_read_file(const char *path, char **data, size_t *len);

/* A device, pipe or socket (/dev/null, /dev/stdout, a FIFO): written straight
 * through, never replaced by a rename as a regular file would be. */
bool cm_is_special_file(const char *path);

/* The absolute, normalised form of a path that may not exist yet: the part that
 * exists resolved as the kernel would (links followed), the rest normalised by
 * name ("new/../src" is "src"). malloc'd. */
char *cm_resolve_path(const char *path);
/* path names something inside the folder dir (not dir itself), by name: both
 * absolute and normalised; dir "/" holds every other absolute path. */
bool cm_path_inside(const char *dir, const char *path);
/* Both name the same existing file (device and inode). */
bool cm_same_file(const char *a, const char *b);

/* ---- writing that never leaves half a file ---- */

/* A file written beside its target under a temporary name (path.hipport-tmp),
 * then flushed to disk and renamed into place by cm_atomic_commit. A device or
 * pipe (-o /dev/stdout) is written straight into instead. The temporary name is
 * removed if the process is interrupted meanwhile (cm_cleanup_install). */
typedef struct {
  FILE *f;
  char *path, *tmp;
  bool special;
  int slot;
} AtomicFile;

Status cm_atomic_open(AtomicFile *a, const char *path, unsigned mode);
/* Commits when st is ST_OK (else discards) and gives the status of the whole write. */
Status cm_atomic_commit(AtomicFile *a, Status st);
Status cm_write_atomically(const char *path, const char *data, size_t len, unsigned mode);

/* ---- what an interrupted run must not leave behind ---- */

/* SIGINT, SIGTERM and SIGHUP remove the registered paths, then end the process as
 * the signal would have. */
void cm_cleanup_install(void);
/* A file, or a folder holding at most one file (`inner`, may be NULL), to remove
 * on a signal; the slot to give back, or -1 when the table is full. */
int cm_cleanup_add(const char *path, const char *inner);
void cm_cleanup_drop(int slot);
/* Holds those signals back on this thread (while a file whose name cleanup cannot
 * know is being made), then lets them in. */
void cm_signals_hold(void);
void cm_signals_release(void);

/* Where temporary files go: $TMPDIR, else /tmp. */
const char *cm_temp_base(void);
/* A new private folder there, named PREFIX-XXXXXX; NULL and a message when it
 * cannot be made. malloc'd. */
char *cm_make_temp_dir(const char *prefix);

/* mkdir -p (0700), for ~/.cache/hipport on a machine that has no ~/.cache yet. */
bool cm_make_folders(const char *dir);

/* Removes a folder and everything under it, without following links. */
void cm_remove_tree(const char *dir);

/* hipport's folder in the user's cache: $XDG_CACHE_HOME/hipport, else
 * ~/.cache/hipport; NULL when neither is known. malloc'd; not made here. */
char *cm_user_cache_dir(void);

/* The folder holding the running executable (for files installed beside it). */
const char *cm_exe_dir(void);

/* ---- running other programs (spawn.c) ---- */

#include <sys/types.h>

typedef struct {
  char *const *argv;          /* argv[0] looked up on PATH; NULL-terminated */
  const char *dir;            /* where it runs; NULL: the current folder */
  const char *const *env;     /* NAME=value set over this process's environment; NULL-terminated, or NULL */
  const char *out, *err;      /* files its stdout and stderr go to; NULL: this process's own (stdin is /dev/null) */
} CmCommand;

typedef struct {
  int exit_code;              /* -1 when a signal ended it */
  int signal;
  bool timed_out;
} CmExit;

/* Starts the command in a process group of its own; ST_ENV when it cannot. */
Status cm_spawn(const CmCommand *c, pid_t *pid);
/* Waits for it up to `seconds` (0: no limit), then kills its whole group. */
void cm_wait(pid_t pid, int seconds, CmExit *out);

typedef struct {
  CmExit exit;
  char *out, *err;            /* what it printed */
} CmRun;

/* Runs argv in dir to the end (or the time limit) with its output kept and a
 * TMPDIR of its own, removed afterwards. */
Status cm_run(const char *dir, char *const *argv, int seconds, CmRun *out);
bool cm_run_ok(const CmRun *r);  /* exit code 0, in time */
void cm_run_free(CmRun *r);
/* An executable of that name is on PATH. */
bool cm_on_path(const char *tool);

/* fn(ctx, i) for every i < n, on up to `jobs` threads; returns when all are done. */
void cm_parallel_for(size_t n, int jobs, void (*fn)(void *ctx, size_t i), void *ctx);
/* The same, for work whose threads need more: a bigger stack (libclang parsing
 * deeply nested code), and state of their own made before a thread's first item
 * and given to each (a CXIndex), dropped after its last. */
typedef struct {
  size_t stack_bytes;               /* 0: the system's default */
  void *(*init)(void *ctx);         /* NULL: no state */
  void (*done)(void *ctx, void *state);
} CmThreads;
void cm_parallel_for_threads(size_t n, int jobs, const CmThreads *t, void (*fn)(void *ctx, void *state, size_t i),
                             void *ctx);

#endif
