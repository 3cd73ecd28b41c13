/* Applying a file's edits to its original bytes, in one pass. With --annotate,
 * each finding that needs a person becomes a `// hipport HPxxxx: message` line
 * (`# hipport ...` in a build file) above its line, indented like it, unless that very comment is already there
 * (so that translating the output again changes nothing). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "translator_p.h"

static bool needs_person(const Finding *f) {
  Severity s = f->info->severity;
  return s != SEV_NOTE && f->diag != D_PARSE_FALLBACK && f->diag != D_SKIPPED_FILE && f->diag != D_NOT_UTF8;
}

static unsigned line_start(const SourceFile *src, unsigned line) { return src->line_starts.items[line - 1]; }

/* Build files take `#` comments. */
static const char *comment_lead(const SourceFile *src) { return src->build ? "# hipport " : "// hipport "; }

/* The block of `// hipport` lines right above a line already names this code:
 * translating the output again must not stack a second copy. */
static bool already_annotated(const SourceFile *src, unsigned line, const char *code) {
  const char *lead = comment_lead(src);
  char *tag = cm_xasprintf("%s%s:", lead, code);
  bool found = false;
  for (unsigned l = line - 1; l >= 1 && !found; l--) {
    unsigned b = line_start(src, l), e = line_start(src, l + 1);
    while (b < e && (src->text[b] == ' ' || src->text[b] == '\t'))
      b++;
    if (e - b < strlen(lead) || strncmp(src->text + b, lead, strlen(lead)) != 0)
      break;
    found = memmem(src->text + b, e - b, tag, strlen(tag)) != NULL;
  }
  free(tag);
  return found;
}

/* The comment lines for one source line, in finding order, deduplicated. */
static void annotations_for(const FilePlan *fp, unsigned line, Buf *out) {
  const SourceFile *src = fp->src;
  unsigned b = line_start(src, line), indent = b;
  while (indent < src->len && (src->text[indent] == ' ' || src->text[indent] == '\t'))
    indent++;
  const char *eol = src->eol;
  for (size_t i = 0; i < fp->findings.len; i++) {
    const Finding *f = &fp->findings.items[i];
    if (f->line != line || !needs_person(f))
      continue;
    char *comment = cm_xasprintf("%s%s: %s", comment_lead(src), f->info->code, f->message);
    if (!strstr(out->data ? buf_cstr(out) : "", comment) && !already_annotated(src, line, f->info->code)) {
      buf_append(out, src->text + b, indent - b);
      buf_printf(out, "%s%s", comment, eol);
    }
    free(comment);
  }
}

typedef struct {
  Edit edit;
  bool owned;   /* an annotation this file made, not one of the plan's edits */
} Step;

static int by_offset(const void *a, const void *b) {
  const Edit *x = &((const Step *)a)->edit, *y = &((const Step *)b)->edit;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return x->length != y->length ? (x->length < y->length ? -1 : 1) : 0;
}

/* The plan's edits plus, with --annotate, one insertion per annotated line. */
static size_t gather_steps(const FilePlan *fp, bool annotate, Step **out) {
  size_t n = 0;
  *out = cm_xcalloc(fp->edits.len + fp->findings.len + 1, sizeof **out);
  for (size_t i = 0; i < fp->edits.len; i++)
    (*out)[n++] = (Step){fp->edits.items[i], false};
  for (size_t i = 0; annotate && i < fp->findings.len; i++) {
    unsigned line = fp->findings.items[i].line;
    bool seen = false;
    for (size_t j = 0; j < i; j++)
      seen |= fp->findings.items[j].line == line;
    Buf text = {0};
    if (!seen)
      annotations_for(fp, line, &text);
    if (text.len)
      (*out)[n++] = (Step){{line_start(fp->src, line), 0, buf_cstr(&text)}, true};
  }
  qsort(*out, n, sizeof **out, by_offset);
  return n;
}

/* A port line comes from where its first byte does: the original line of a
 * copied byte, or the line an edit stands at for inserted text. A line start
 * is noted once its first byte is written, so a line an edit removes whole
 * (a CUDA include dropped with its newline) maps nothing. */
typedef struct {
  TrLineMap *map;     /* NULL: no map wanted */
  unsigned line;      /* the original line at the position reached */
  bool pending;       /* a port line has begun and has no byte yet */
} Lines;

static void note_byte(Lines *l, char c, unsigned line) {
  if (!l->map)
    return;
  if (l->pending)
    vec_push(l->map, line);
  l->pending = c == '\n';
}

static void copy_original(const SourceFile *src, unsigned from, unsigned to, Buf *out, Lines *l) {
  buf_append(out, src->text + from, to - from);
  for (unsigned k = from; k < to; k++) {
    note_byte(l, src->text[k], l->line);
    l->line += src->text[k] == '\n';
  }
}

static void insert_text(const char *text, Buf *out, Lines *l) {
  buf_puts(out, text);
  for (const char *p = text; *p; p++)
    note_byte(l, *p, l->line);
}

static void skip_original(const SourceFile *src, unsigned from, unsigned to, Lines *l) {
  for (unsigned k = from; k < to; k++)
    l->line += src->text[k] == '\n';
}

static char *apply(const FilePlan *fp, bool annotate, size_t *len, TrLineMap *map) {
  const SourceFile *src = fp->src;
  Step *steps;
  size_t n = gather_steps(fp, annotate, &steps);
  Buf out = {0};
  unsigned pos = 0;
  Lines lines = {.map = map, .line = 1, .pending = true};
  for (size_t i = 0; i < n; i++) {
    const Edit *e = &steps[i].edit;
    if (e->offset >= pos) { /* the plan never overlaps edits; an annotation sits at a line start */
      copy_original(src, pos, e->offset, &out, &lines);
      insert_text(e->text, &out, &lines);
      skip_original(src, e->offset, e->offset + e->length, &lines);
      pos = e->offset + e->length;
    }
    if (steps[i].owned)
      free(steps[i].edit.text);
  }
  copy_original(src, pos, (unsigned)src->len, &out, &lines);
  free(steps);
  *len = out.len;
  return buf_cstr(&out);
}

char *tr_apply(const FilePlan *fp, bool annotate, size_t *len) { return apply(fp, annotate, len, NULL); }

void tr_line_map(const FilePlan *fp, bool annotate, TrLineMap *out) {
  *out = (TrLineMap){0};
  size_t len;
  free(apply(fp, annotate, &len, out));
}

unsigned tr_original_line(const TrLineMap *m, unsigned port_line) {
  if (port_line == 0 || m->len == 0)
    return port_line;
  return m->items[(port_line <= m->len ? port_line : m->len) - 1];
}
