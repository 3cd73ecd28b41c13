/* RFC 4180 CSV reading for the rule sources (internal to rules/). Lines starting
 * with '#' are comments: generated files carry their provenance there. */
#ifndef HIPPORT_CSV_P_H
#define HIPPORT_CSV_P_H

#include <stddef.h>

#include "common.h"

typedef struct {
  const char *text, *end, *pos;
  const char *path;
  int line;
  char **fields;    /* the current record, valid until the next csv_next */
  size_t nfields, capfields;
  Buf scratch;
} Csv;

void csv_open(Csv *c, const char *path, const char *text, size_t len);
/* 1: a record was read; 0: end of input; -1: malformed (message via cm_error). */
int csv_next(Csv *c);
void csv_close(Csv *c);

#endif
