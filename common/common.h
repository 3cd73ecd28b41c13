/* common: the small toolbox every stage shares.
 *
 * Status codes that travel up to main (which turns them into exit codes), one
 * thread-local error message per status, a growable byte buffer, a growable
 * array, and whole-file reading. Nothing here knows about CUDA or HIP. */
#ifndef HIPPORT_COMMON_H
#define HIPPORT_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* The exit code of each status is its value (ORDER EXIT in cli/main.c's help). */
typedef enum {
  ST_OK = 0,
  ST_FINDINGS = 1,   /* findings of a --fail-on category were found */
  ST_USAGE = 2,      /* unknown command or option, bad option value */
  ST_INPUT = 3,      /* missing/unreadable input, bad compile database */
  ST_ENV = 4,        /* the environment: rule database, toolchain, disk */
} Status;

/* Records a one-line message for the status being returned; cm_error() reads it. */
Status cm_fail(Status st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *cm_error(void);

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
#define vec_free(v) (free((v)->items), (v)->items = NULL, (v)->len = (v)->cap = 0)

void *cm_xmalloc(size_t n);
void *cm_xcalloc(size_t n, size_t size);
void *cm_xrealloc(void *p, size_t n);
char *cm_xstrdup(const char *s);
char *cm_xstrndup(const char *s, size_t n);
char *cm_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Reads a whole file; ST_INPUT with a message naming the path on failure. */
Status cm_read_file(const char *path, char **data, size_t *len);

/* A device, pipe or socket (/dev/null, /dev/stdout, a FIFO): written straight
 * through, never replaced by a rename as a regular file would be. */
bool cm_is_special_file(const char *path);

/* Removes a folder and everything under it, without following links. */
void cm_remove_tree(const char *dir);

/* The folder holding the running executable (for files installed beside it). */
const char *cm_exe_dir(void);

#endif
