/* Build files in the plan: the analyzer's commands (CMake) and logical lines
 * (Make) become edits and findings like any source's, so scan reports exactly
 * what translate writes. build_cmake.c and build_make.c say what each system's
 * port is; this file holds what they share: edits by byte range (a later edit
 * never overlaps an earlier one, so the more specific handler wins), findings
 * (HP3004 for what a person must do, HP3007 for each rewrite worth a look,
 * said once per line), and nvcc's options in hipcc's spelling from the rule
 * database's nvcc_options table. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "plan_p.h"

bool bp_replace(BuildPort *P, size_t start, size_t end, const char *text) {
  for (size_t i = 0; i < P->edits.len; i++) {
    const BuildEdit *e = &P->edits.items[i];
    if (start < e->end && e->start < end)
      return false;
    if (start == end && e->start == e->end && e->start == start && strcmp(e->text, text) == 0)
      return false; /* the same line inserted twice at one spot */
  }
  BuildEdit e = {start, end, cm_xstrdup(text), P->edits.len};
  vec_push(&P->edits, e);
  return true;
}

static void note(BuildPort *P, Diag d, size_t at, const char *subject, const char *fmt, va_list ap) {
  char *msg = NULL;
  if (vasprintf(&msg, fmt, ap) < 0)
    abort();
  unsigned line, column;
  an_location(P->fp->src, (unsigned)at, &line, &column);
  for (size_t i = 0; i < P->fp->findings.len; i++) {
    const Finding *f = &P->fp->findings.items[i];
    if (f->diag == d && f->line == line && strcmp(f->message, msg) == 0) {
      free(msg);
      return;
    }
  }
  Finding f = {.diag = d, .offset = (unsigned)at, .line = line, .column = column,
               .subject = cm_xstrdup(subject ? subject : P->fp->src->rel), .message = msg};
  vec_push(&P->fp->findings, f);
}

void bp_note(BuildPort *P, Diag d, size_t at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  note(P, d, at, NULL, fmt, ap);
  va_end(ap);
}

void bp_note_on(BuildPort *P, Diag d, size_t at, const char *subject, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  note(P, d, at, subject, fmt, ap);
  va_end(ap);
}

static int edit_order(const void *a, const void *b) {
  const BuildEdit *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Insertions at one spot become one edit, in the order they were made. */
static void hand_over(BuildPort *P) {
  vec_sort(&P->edits, edit_order);
  for (size_t i = 0; i < P->edits.len;) {
    const BuildEdit *e = &P->edits.items[i];
    Buf text = {0};
    buf_puts(&text, e->text);
    size_t j = i + 1;
    while (e->start == e->end && j < P->edits.len && P->edits.items[j].start == e->start &&
           P->edits.items[j].end == e->start)
      buf_puts(&text, P->edits.items[j++].text);
    add_edit(P->fp, (unsigned)e->start, (unsigned)(e->end - e->start), buf_cstr(&text));
    buf_free(&text);
    i = j;
  }
}

static void bp_free(BuildPort *P) {
  for (size_t i = 0; i < P->edits.len; i++)
    free(P->edits.items[i].text);
  vec_free(&P->edits);
}

/* -Xcompiler "-O3,-fopenmp" -> -O3 -fopenmp: hipcc takes host flags as they are. */
static void pass_through(const char *v, size_t n, Buf *hip) {
  if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0])
    v++, n -= 2;
  for (size_t i = 0; i < n; i++)
    buf_append(hip, v[i] == ',' ? " " : v + i, 1);
}

/* One option's hipcc form into `hip`, the reason into `why`; false if it is not nvcc's after all. */
static bool option_form(const BuildPort *P, const NvccOption *o, const char *val, size_t vn, Buf *hip, Buf *why) {
  switch (o->action) {
  case NA_REPLACE: buf_puts(hip, o->hip); break;
  case NA_DROP: break;
  case NA_PASS: pass_through(val, vn, hip); break;
  case NA_GLUE: buf_printf(hip, "%s%.*s", o->hip, (int)vn, val); break;
  case NA_RDC:
    if (vn == 4 && memcmp(val, "true", 4) == 0)
      buf_puts(hip, "-fgpu-rdc");
    break;
  case NA_ARCH:
    for (const char *code; (code = memmem(val, vn, "code=", 5));) /* -gencode arch=compute_70,code=sm_70 */
      vn -= (size_t)(code + 5 - val), val = code + 5;
    buf_printf(hip, "--offload-arch=%s", P->arch);
    buf_printf(why, "%.*s has no AMD meaning: %s stands in, name the AMD GPUs to build for", (int)vn, val, P->arch);
    break;
  case NA_XLANG:
    if (vn != 2 || memcmp(val, "cu", 2) != 0)
      return false;
    buf_puts(hip, "-x hip");
    break;
  }
  if (*o->why)
    buf_printf(why, "%s%s", why->len ? "; " : "", o->why);
  return true;
}

bool bp_map_option(const BuildPort *P, const BuildTok *toks, size_t n, size_t *k, Buf *hip, Buf *why) {
  const BuildTok *t = &toks[*k];
  const CudaLibrary *lib =
      t->n > 2 && memcmp(t->s, "-l", 2) == 0 ? rl_cuda_library(P->db, t->s + 2, t->n - 2, true) : NULL;
  if (lib && *lib->hip_library) {
    buf_printf(hip, "-l%s", lib->hip_library);
    buf_puts(why, lib->why);
    return true;
  }
  const char *val = NULL;
  size_t vn = 0, last = *k;
  const NvccOption *o = t->n && t->s[0] == '-' ? rl_nvcc_option(P->db, t->s, t->n, &val, &vn) : NULL;
  if (!o)
    return false;
  if (o->takes_value && !val) {
    if (*k + 1 >= n)
      return false;
    last = *k + 1, val = toks[last].s, vn = toks[last].n;
  }
  if (!option_form(P, o, val ? val : "", vn, hip, why))
    return false;
  *k = last;
  return true;
}

/* [from, to) of the text replaced by `hip`; an option that goes takes one blank
 * beside it along, so no gap is left. */
bool bp_rewrite_option(BuildPort *P, size_t from, size_t to, const char *hip) {
  if (!*hip) {
    if (to < P->len && (P->t[to] == ' ' || P->t[to] == '\t'))
      to++;
    else if (from > 0 && (P->t[from - 1] == ' ' || P->t[from - 1] == '\t'))
      from--;
  }
  return bp_replace(P, from, to, hip);
}

void bp_say_option(BuildPort *P, size_t at, const char *nvcc, size_t n, const Buf *hip, const Buf *why) {
  if (hip->len)
    bp_note(P, D_BUILD_PORTED, at, "nvcc option `%.*s` -> `%s`%s%s", (int)n, nvcc, hip->data, why->len ? ": " : "",
            why->len ? why->data : "");
  else
    bp_note(P, D_BUILD_PORTED, at, "nvcc option `%.*s` dropped%s%s", (int)n, nvcc, why->len ? ": " : "",
            why->len ? why->data : "");
}

/* Findings come from several passes; readers want them in file order (stable,
 * so two on one spot keep the order they were made in). */
static void sort_findings(FilePlan *fp) {
  for (size_t i = 1; i < fp->findings.len; i++) {
    Finding f = fp->findings.items[i];
    size_t j = i;
    for (; j > 0 && fp->findings.items[j - 1].offset > f.offset; j--)
      fp->findings.items[j] = fp->findings.items[j - 1];
    fp->findings.items[j] = f;
  }
}

void plan_build_file(FilePlan *fp, const RuleDb *db, const PlanOptions *opt) {
  BuildPort P = {.fp = fp, .db = db, .t = fp->src->text, .len = fp->src->len,
                 .arch = opt->offload_arch && *opt->offload_arch ? opt->offload_arch : "gfx90a"};
  if (fp->src->build == BUILD_CMAKE)
    port_cmake(&P);
  else
    port_make(&P);
  if (P.edits.len)
    bp_note(&P, D_BUILD_PORTED, 0, "%s ported to build HIP with %s: review the changes",
            fp->src->build == BUILD_CMAKE ? "CMake file" : "Makefile",
            fp->src->build == BUILD_CMAKE ? "CMake" : "hipcc");
  sort_findings(fp);
  hand_over(&P);
  bp_free(&P);
}
