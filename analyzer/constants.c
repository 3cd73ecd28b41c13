/* Where C++ requires a constant expression, read from a file's tokens: array
 * bounds in declarations, template argument lists (and template parameter
 * defaults), static_assert, constexpr initializers and `if constexpr`,
 * __launch_bounds__, case labels. The warp-size hazards read these ranges:
 * from ROCm 7.0 warpSize is no constant expression, so what is right in run-time
 * arithmetic is wrong there. Tokens come from clang (active, disabled and macro
 * code alike); where the tree knows a name is a template, it says so, and without
 * it a `<` opens an argument list only when its `>` closes like one. */
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

typedef struct {
  SourceFile *f;
  const ConstToken *t;
  unsigned n;
} Scan;

static bool is(const Scan *s, unsigned i, const char *text) {
  size_t n = strlen(text);
  return i < s->n && s->t[i].end - s->t[i].begin == n && memcmp(s->f->text + s->t[i].begin, text, n) == 0;
}

static bool ident(const Scan *s, unsigned i) { return i < s->n && s->t[i].kind == CXToken_Identifier; }
static bool word(const Scan *s, unsigned i) { return ident(s, i) || (i < s->n && s->t[i].kind == CXToken_Keyword); }

/* Words before a name that make `name[...]` an expression, not a declaration. */
static bool expression_word(const Scan *s, unsigned i) {
  static const char *words[] = {"return", "case", "else", "do", "throw", "delete", "new", "sizeof", "goto",
                                "co_return", "co_yield", "operator", "typeid", "alignof", "this"};
  for (size_t k = 0; k < sizeof words / sizeof *words; k++)
    if (is(s, i, words[k]))
      return true;
  return false;
}

/* The token closing the bracket opened at i; n when a `;` comes first (none of
 * these brackets holds a statement). */
static unsigned closing(const Scan *s, unsigned i, const char *open, const char *close) {
  int depth = 0;
  for (unsigned k = i; k < s->n; k++) {
    if (is(s, k, open))
      depth++;
    else if (is(s, k, close) && --depth == 0)
      return k;
    else if (is(s, k, ";"))
      return s->n;
  }
  return s->n;
}

static void add(Scan *s, unsigned open, unsigned close, const char *what) {
  if (close >= s->n)
    return;
  ConstantRange r = {s->t[open].end, s->t[close].begin, what};
  vec_push(&s->f->constants, r);
}

/* The `>` closing the `<` at i: nested <>, ( ) and [ ] counted, `>>` as two;
 * a `;`, brace, `&&` or `||` outside them says it was a comparison. */
static unsigned angle_close(const Scan *s, unsigned i) {
  int depth = 0, nest = 0;
  for (unsigned k = i; k < s->n; k++) {
    if (is(s, k, "(") || is(s, k, "["))
      nest++;
    else if (is(s, k, ")") || is(s, k, "]")) {
      if (--nest < 0)
        return s->n;
    } else if (nest == 0 && (is(s, k, ";") || is(s, k, "{") || is(s, k, "}") || is(s, k, "&&") || is(s, k, "||")))
      return s->n;
    else if (nest == 0 && is(s, k, "<"))
      depth++;
    else if (nest == 0 && (is(s, k, ">") || is(s, k, ">>"))) {
      depth -= is(s, k, ">>") ? 2 : 1;
      if (depth <= 0)
        return k;
    }
  }
  return s->n;
}

/* After an argument list comes what follows a type or a template name. */
static bool after_arguments(const Scan *s, unsigned k) {
  static const char *next[] = {"(", "::", "{", ">", ",", ")", ";", "<<<", "&", "*", "...", "&&", "="};
  if (k >= s->n || ident(s, k))
    return true;
  for (size_t j = 0; j < sizeof next / sizeof *next; j++)
    if (is(s, k, next[j]))
      return true;
  return false;
}

/* name<args>: the tree says name is a template, or the list closes like one. */
static void template_arguments(Scan *s, unsigned name) {
  unsigned close = angle_close(s, name + 1);
  if (close < s->n && (s->t[name].template_name || after_arguments(s, close + 1)))
    add(s, name + 1, close, "a template argument");
}

/* name[bound] in a declaration: the name follows a type word or a template's `>`. */
static void array_bound(Scan *s, unsigned i) {
  bool declares = i >= 2 && ident(s, i - 1) && !expression_word(s, i - 1) &&
                  ((word(s, i - 2) && !expression_word(s, i - 2)) || is(s, i - 2, ">"));
  bool next_dim = i >= 1 && is(s, i - 1, "]") && s->f->constants.len &&
                  s->f->constants.items[s->f->constants.len - 1].end == s->t[i - 1].begin &&
                  strcmp(s->f->constants.items[s->f->constants.len - 1].what, "an array bound") == 0;
  if (declares || next_dim)
    add(s, i, closing(s, i, "[", "]"), "an array bound");
}

/* constexpr T x = init; or T x{init}; `if constexpr (cond)`; a function's own
 * parameters are not constant. */
static void constexpr_init(Scan *s, unsigned i) {
  if (i > 0 && is(s, i - 1, "if") && is(s, i + 1, "(")) {
    add(s, i + 1, closing(s, i + 1, "(", ")"), "an if constexpr condition");
    return;
  }
  for (unsigned k = i + 1; k < s->n; k++) {
    if (is(s, k, "(") || is(s, k, ";"))
      return;
    if (is(s, k, "{")) {
      add(s, k, closing(s, k, "{", "}"), "a constexpr initializer");
      return;
    }
    if (is(s, k, "=")) {
      unsigned end = k + 1;
      int depth = 0;
      while (end < s->n && !(depth == 0 && is(s, end, ";")))
        depth += is(s, end, "(") || is(s, end, "{") || is(s, end, "[") ? 1
                 : is(s, end, ")") || is(s, end, "}") || is(s, end, "]") ? -1 : 0, end++;
      add(s, k, end, "a constexpr initializer");
      return;
    }
  }
}

static void case_label(Scan *s, unsigned i) {
  for (unsigned k = i + 1; k < s->n && !is(s, k, ";") && !is(s, k, "{"); k++)
    if (is(s, k, ":")) {
      add(s, i, k, "a case label");
      return;
    }
}

/* Outer ranges before the ones nested in them. */
static int by_begin(const void *a, const void *b) {
  const ConstantRange *x = a, *y = b;
  if (x->begin != y->begin)
    return x->begin < y->begin ? -1 : 1;
  return x->end != y->end ? (x->end > y->end ? -1 : 1) : 0;
}

void find_constant_ranges(SourceFile *f, const ConstToken *t, unsigned n) {
  Scan s = {f, t, n};
  for (unsigned i = 0; i < n; i++) {
    if ((is(&s, i, "static_assert") || is(&s, i, "__launch_bounds__")) && is(&s, i + 1, "("))
      add(&s, i + 1, closing(&s, i + 1, "(", ")"), is(&s, i, "static_assert") ? "a static_assert" : "__launch_bounds__");
    else if (is(&s, i, "template") && is(&s, i + 1, "<"))
      add(&s, i + 1, angle_close(&s, i + 2), "a template argument");
    else if (ident(&s, i) && is(&s, i + 1, "<") && !expression_word(&s, i))
      template_arguments(&s, i);
    else if (is(&s, i, "[") && !is(&s, i + 1, "["))
      array_bound(&s, i);
    else if (is(&s, i, "constexpr"))
      constexpr_init(&s, i);
    else if (is(&s, i, "case"))
      case_label(&s, i);
  }
  vec_sort(&f->constants, by_begin);
}

const char *an_constant_at(const SourceFile *f, unsigned offset) {
  const char *what = NULL;
  for (size_t i = 0; i < f->constants.len && f->constants.items[i].begin <= offset; i++)
    if (offset < f->constants.items[i].end)
      what = f->constants.items[i].what; /* the innermost of nested ranges comes last */
  return what;
}
