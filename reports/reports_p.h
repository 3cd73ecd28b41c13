/* Internal to reports/: the formats reporters.c lists, and what they share. */
#ifndef HIPPORT_REPORTS_P_H
#define HIPPORT_REPORTS_P_H

#include <string.h>

#include "reports.h"

/* ORDER REPORTERS with reporters.c */
extern const Reporter rp_text, rp_json, rp_md, rp_html, rp_sarif, rp_csv;

char *rp_utf8(const char *s);                   /* invalid bytes as U+FFFD; malloc'd */
Severity rp_severity_rank(const char *name);    /* "error" -> SEV_ERROR... */
double rp_percent(size_t part, size_t whole);   /* 100 when whole is 0 */

/* Escapes for the formats that need them, appended to a Buf. */
void rp_html_escape(Buf *b, const char *s);     /* & < > " ' */
void rp_md_escape(Buf *b, const char *s);       /* a table cell: | ` * _ < > [ ] and newlines */
void rp_csv_field(Buf *b, const char *s);       /* RFC 4180: quoted when it must be */

/* The JSON document of rp_to_json written as json_dumpf would write it with
 * these flags (JSON_INDENT(1) or JSON_COMPACT, with JSON_PRESERVE_ORDER), its
 * lists an item at a time: the whole document is never held. */
Status rp_write_json(FILE *out, const Report *r, size_t flags);

/* The unmapped and unavailable APIs, each with the places it is used. */
typedef struct {
  const char *cuda, *status, *library;
  VEC(const RpUse *) where;
} RpUnmapped;
typedef VEC(RpUnmapped) RpUnmappedList;
void rp_unmapped(const Report *r, RpUnmappedList *out);
void rp_unmapped_free(RpUnmappedList *l);

#endif
