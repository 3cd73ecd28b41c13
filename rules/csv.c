/* A CSV reader small enough to trust: quoted fields with doubled quotes and
 * embedded newlines, comment lines, CRLF or LF. Fields are copied into one
 * scratch buffer per record so that the pointers stay valid together. */
#include "csv_p.h"

#include <stdlib.h>
#include <string.h>

void csv_open(Csv *c, const char *path, const char *text, size_t len) {
  *c = (Csv){.text = text, .end = text + len, .pos = text, .path = path};
}

void csv_close(Csv *c) {
  free(c->fields);
  buf_free(&c->scratch);
}

static void skip_comments(Csv *c) {
  while (c->pos < c->end && (*c->pos == '#' || *c->pos == '\n' || *c->pos == '\r')) {
    if (*c->pos == '\n')
      c->line++;
    if (*c->pos == '#') {
      c->line++;
      while (c->pos < c->end && *c->pos != '\n')
        c->pos++;
    }
    c->pos++;
  }
}

/* Reads one field into scratch (NUL-terminated); returns the offset, or -1. */
static long read_field(Csv *c) {
  long start = (long)c->scratch.len;
  if (c->pos < c->end && *c->pos == '"') {
    c->pos++;
    for (;;) {
      if (c->pos >= c->end)
        return -1;
      if (*c->pos == '"') {
        if (c->pos + 1 < c->end && c->pos[1] == '"') {
          buf_append(&c->scratch, "\"", 1);
          c->pos += 2;
          continue;
        }
        c->pos++;
        break;
      }
      if (*c->pos == '\n')
        c->line++;
      buf_append(&c->scratch, c->pos++, 1);
    }
  } else {
    const char *s = c->pos;
    while (c->pos < c->end && *c->pos != ',' && *c->pos != '\n' && *c->pos != '\r')
      c->pos++;
    buf_append(&c->scratch, s, (size_t)(c->pos - s));
  }
  buf_append(&c->scratch, "", 1);
  return start;
}

int csv_next(Csv *c) {
  skip_comments(c);
  if (c->pos >= c->end)
    return 0;
  c->line++;
  int first_line = c->line;
  c->scratch.len = 0;
  VEC(long) offs = {0};
  for (;;) {
    long off = read_field(c);
    if (off < 0) {
      vec_free(&offs);
      cm_fail(ST_INPUT, "%s:%d: unterminated quoted field", c->path, first_line);
      return -1;
    }
    vec_push(&offs, off);
    if (c->pos < c->end && *c->pos == ',') {
      c->pos++;
      continue;
    }
    break;
  }
  if (c->pos < c->end && *c->pos == '\r')
    c->pos++;
  if (c->pos < c->end && *c->pos == '\n')
    c->pos++;
  else if (c->pos < c->end) {
    vec_free(&offs);
    cm_fail(ST_INPUT, "%s:%d: stray text after a quoted field", c->path, c->line);
    return -1;
  }
  if (offs.len > c->capfields) {
    c->capfields = offs.len;
    c->fields = cm_xrealloc(c->fields, offs.len * sizeof *c->fields);
  }
  for (size_t i = 0; i < offs.len; i++)
    c->fields[i] = c->scratch.data + offs.items[i];
  c->nfields = offs.len;
  vec_free(&offs);
  return 1;
}
