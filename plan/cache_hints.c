/* Loads and stores with a cache hint (__ldcs, __ldcg, __stcs...) that HIP lacks
 * for the pointee's type (data/cache_hints.csv). The hint steers caching, not the
 * value, so the call becomes the access itself:
 *   __ldcg(p)        -> *p
 *   __ldcs(p + i)    -> __builtin_nontemporal_load(p + i)     (a float, an int...)
 *   __stcs(q, v)     -> __builtin_nontemporal_store(v, q)
 *   __stcg(q + i, v) -> *(q + i) = v
 * A call HIP has for the type (__ldcs of a __half) stays. The rewrite runs after
 * every other edit is known: the arguments are written with the renames inside
 * them applied, which then go with the larger edit. */
#include <stdlib.h>
#include <string.h>

#include "plan_p.h"

static bool has_word(const char *list, const char *word) {
  size_t n = strlen(word);
  for (const char *p = list; (p = strstr(p, word)); p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
      return true;
  return false;
}

const char *plan_hint_form(const CacheHint *h, const Fact *f, Version target) {
  bool hip_has = f->pointee && *h->hip_types && has_word(h->hip_types, f->pointee) &&
                 (!h->hip_since || h->hip_since <= target);
  if (hip_has)
    return NULL;
  return f->pointee && f->pointee_scalar ? h->scalar_form : h->other_form;
}

static bool simple_operand(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!(s[i] == '_' || s[i] == '.' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
          (s[i] >= '0' && s[i] <= '9')))
      return false;
  return n > 0;
}

static int by_offset(const void *a, const void *b) {
  const Edit *x = *(const Edit *const *)a, *y = *(const Edit *const *)b;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return (x->length != 0) - (y->length != 0); /* an insertion before a replacement at one spot */
}

/* The argument's text as translate writes it: the edits inside it applied. */
static void edited_text(const FilePlan *fp, ArgRange r, Buf *out) {
  VEC(const Edit *) inside = {0};
  for (size_t i = 0; i < fp->edits.len; i++)
    if (fp->edits.items[i].offset >= r.begin && fp->edits.items[i].offset + fp->edits.items[i].length <= r.end &&
        fp->edits.items[i].offset < r.end)
      vec_push(&inside, &fp->edits.items[i]);
  vec_sort(&inside, by_offset);
  unsigned at = r.begin;
  for (size_t i = 0; i < inside.len; i++) {
    if (inside.items[i]->offset < at)
      continue; /* inside an edit already written */
    buf_printf(out, "%.*s%s", (int)(inside.items[i]->offset - at), fp->src->text + at, inside.items[i]->text);
    at = inside.items[i]->offset + inside.items[i]->length;
  }
  buf_printf(out, "%.*s", (int)(r.end - at), fp->src->text + at);
  vec_free(&inside);
}

/* The form with {0} and {1} replaced; a dereferenced operand that is more than
 * a name gets parentheses. */
static void fill(const FilePlan *fp, const char *form, const Args *a, Buf *out) {
  for (const char *p = form; *p; p++) {
    int k = p[0] == '{' && (p[1] == '0' || p[1] == '1') && p[2] == '}' ? p[1] - '0' : -1;
    if (k < 0 || (unsigned)k >= a->n) {
      buf_printf(out, "%c", *p);
      continue;
    }
    Buf arg = {0};
    edited_text(fp, a->arg[k], &arg);
    bool paren = p > form && p[-1] == '*' && !simple_operand(buf_cstr(&arg), arg.len);
    buf_printf(out, paren ? "(%s)" : "%s", buf_cstr(&arg));
    buf_free(&arg);
    p += 2;
  }
}

/* A load written `*p` and followed by .x, ->x or [i] needs its own parentheses. */
static bool member_follows(const SourceFile *src, unsigned after) {
  while (after < src->len && is_space(src->code_only[after]))
    after++;
  const char *c = src->code_only + after;
  return after < src->len && (c[0] == '.' || c[0] == '[' || (c[0] == '-' && c[1] == '>'));
}

static void rewrite_call(FilePlan *fp, const Fact *f, const char *form) {
  Args a;
  unsigned want = strstr(form, "{1}") ? 2 : 1;
  if (!call_args(fp->src, f->offset + f->length, &a) || a.n != want)
    return;
  Buf text = {0};
  bool wrap = form[0] == '*' && want == 1 && member_follows(fp->src, a.rparen + 1);
  buf_puts(&text, wrap ? "(" : "");
  fill(fp, form, &a, &text);
  buf_puts(&text, wrap ? ")" : "");
  add_edit(fp, f->offset, a.rparen + 1 - f->offset, buf_cstr(&text));
  bool nontemporal = strncmp(form, "__builtin_nontemporal", 21) == 0;
  add_finding(fp, D_CACHE_HINT, f->offset, f->name,
              cm_xasprintf("HIP has no %s for %s: translate writes %s, %s", f->name,
                           f->pointee ? f->pointee : "this argument's type", buf_cstr(&text),
                           nontemporal ? "clang's nontemporal access, which keeps the streaming hint"
                                       : "a plain access: the same value, without the cache hint"));
  buf_free(&text);
}

/* Last call first: a call inside another's arguments is written before the
 * outer one takes its text. */
void plan_cache_hints(FilePlan *fp, const RuleDb *db, Version target) {
  for (size_t i = fp->uses.len; i-- > 0;) {
    const Fact *f = fp->uses.items[i].fact;
    const CacheHint *h = f->kind == FK_IDENT ? rl_cache_hint(db, f->name) : NULL;
    const char *form = h ? plan_hint_form(h, f, target) : NULL;
    if (form)
      rewrite_call(fp, f, form);
  }
}
