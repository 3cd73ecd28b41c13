/* Kernel launches a macro's use writes, where the macro's body holds the
 * chevrons but not the whole launch:
 *
 *   #define LAUNCH_F k<float><<<1, n>>>           LAUNCH_F(x, y);
 *   #define LAUNCH(kern, g, b, ...) kern<<<g, b>>>(__VA_ARGS__);
 *                                                  LAUNCH(inc, g, b, x, y);
 *
 * The first body is no launch until the use adds the arguments, so the launch
 * can only be written where the macro is used; the second is a launch in the
 * body, which hipport rewrites there, and hipify-clang at each use. Each use in
 * the file gets the launch it expands to, the macro's parameters replaced by
 * the use's arguments (one level: a parameter's argument is kept as written).
 * Bodies with more than the launch (and a `;`), or with # and ##, are left
 * alone: writing the launch at the use would drop the rest. */
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

#define MAX_PARAMS 32

typedef struct {
  const SourceFile *f;
  const char *text;       /* the file's text, spaced chevrons joined */
  const ConstToken *t;
  unsigned n;
} Toks;

typedef struct {
  unsigned name;          /* token of the macro's name */
  unsigned body, end;     /* the body's tokens [body, end) */
  unsigned open, close;   /* the `<<<` and `>>>` tokens */
  bool function_like;
  unsigned nparams;
  unsigned params[MAX_PARAMS]; /* tokens naming the parameters (`...` for __VA_ARGS__) */
} LaunchMacro;

typedef struct {
  unsigned begin[MAX_PARAMS], end[MAX_PARAMS]; /* each argument's text, blanks trimmed */
  unsigned n;
} UseArgs;

static bool is(const Toks *k, unsigned i, const char *s) {
  size_t len = strlen(s);
  return i < k->n && k->t[i].end - k->t[i].begin == len && memcmp(k->text + k->t[i].begin, s, len) == 0;
}

static bool same_token(const Toks *k, unsigned a, unsigned b) {
  return k->t[a].end - k->t[a].begin == k->t[b].end - k->t[b].begin &&
         memcmp(k->text + k->t[a].begin, k->text + k->t[b].begin, k->t[a].end - k->t[a].begin) == 0;
}

/* The token closing the bracket at i, before `limit`; `limit` when none does. */
static unsigned closing(const Toks *k, unsigned i, unsigned limit) {
  int depth = 0;
  for (unsigned j = i; j < limit; j++) {
    if (is(k, j, "(") || is(k, j, "[") || is(k, j, "{"))
      depth++;
    else if ((is(k, j, ")") || is(k, j, "]") || is(k, j, "}")) && --depth == 0)
      return j;
  }
  return limit;
}

static unsigned find(const Toks *k, unsigned from, unsigned to, const char *s) {
  while (from < to && !is(k, from, s))
    from++;
  return from;
}

/* `(a, b, ...)` after the name: the parameters, or false for a list this does
 * not read (GNU's `args...`). */
static bool read_params(const Toks *k, unsigned lparen, unsigned end, LaunchMacro *m, unsigned *after) {
  unsigned j = lparen + 1;
  for (; j < end && !is(k, j, ")"); j++) {
    if (is(k, j, ","))
      continue;
    if ((k->t[j].kind != CXToken_Identifier && !is(k, j, "...")) || m->nparams == MAX_PARAMS ||
        (is(k, j + 1, "...")))
      return false;
    m->params[m->nparams++] = j;
  }
  *after = j + 1;
  return j < end;
}

/* The body is the launch alone: a kernel expression, the chevrons, and either
 * nothing more (an object-like macro the use completes) or the call's
 * arguments and a `;` (a function-like macro). */
static bool launch_shaped(const Toks *k, LaunchMacro *m) {
  m->open = find(k, m->body, m->end, "<<<");
  m->close = find(k, m->open, m->end, ">>>");
  if (m->open == m->body || m->close >= m->end)
    return false;
  for (unsigned j = m->body; j < m->end; j++)
    if (is(k, j, "#") || is(k, j, "##") || (j < m->open && (is(k, j, ";") || is(k, j, "(") || is(k, j, "{"))))
      return false;
  if (m->close + 1 == m->end)
    return !m->function_like;
  if (!m->function_like || !is(k, m->close + 1, "("))
    return false;
  unsigned rparen = closing(k, m->close + 1, m->end);
  return rparen + 1 == m->end || (rparen + 2 == m->end && is(k, rparen + 1, ";"));
}

static bool read_macro(const Toks *k, unsigned hash, LaunchMacro *m) {
  unsigned end = an_directive_end(k->f, k->t[hash].begin);
  *m = (LaunchMacro){.name = hash + 2};
  if (!is(k, hash + 1, "define") || m->name >= k->n || k->t[m->name].kind != CXToken_Identifier)
    return false;
  m->body = m->name + 1;
  for (m->end = m->body; m->end < k->n && k->t[m->end].begin < end;)
    m->end++;
  m->function_like = is(k, m->body, "(") && k->t[m->body].begin == k->t[m->name].end;
  if (m->function_like && !read_params(k, m->body, m->end, m, &m->body))
    return false;
  return launch_shaped(k, m);
}

/* The use's arguments at the top level of its parentheses; an empty one is
 * empty text at its comma. */
static void read_args(const Toks *k, unsigned lparen, unsigned rparen, UseArgs *a) {
  a->n = 0;
  if (rparen == lparen + 1)
    return;
  unsigned start = lparen + 1;
  int depth = 0;
  for (unsigned j = lparen + 1; j <= rparen && a->n < MAX_PARAMS; j++) {
    if (j == rparen || (depth == 0 && is(k, j, ","))) {
      a->begin[a->n] = j > start ? k->t[start].begin : k->t[j].begin;
      a->end[a->n++] = j > start ? k->t[j - 1].end : k->t[j].begin;
      start = j + 1;
    } else if (is(k, j, "(") || is(k, j, "[") || is(k, j, "{")) {
      depth++;
    } else if (is(k, j, ")") || is(k, j, "]") || is(k, j, "}")) {
      depth--;
    }
  }
}

/* What the body's token j stands for at this use. */
static void put_token(const Toks *k, const LaunchMacro *m, const UseArgs *a, unsigned j, Buf *out) {
  for (unsigned p = 0; p < m->nparams; p++) {
    bool variadic = is(k, m->params[p], "...");
    if (variadic ? is(k, j, "__VA_ARGS__") : same_token(k, j, m->params[p])) {
      if (p < a->n)
        buf_printf(out, "%.*s", (int)((variadic ? a->end[a->n - 1] : a->end[p]) - a->begin[p]), k->text + a->begin[p]);
      return;
    }
  }
  buf_printf(out, "%.*s", (int)(k->t[j].end - k->t[j].begin), k->text + k->t[j].begin);
}

/* Tokens [from, to) of the body as the use expands them; blanks between tokens
 * are kept, a line continuation becomes one space. */
static char *expand(const Toks *k, const LaunchMacro *m, const UseArgs *a, unsigned from, unsigned to) {
  Buf out = {0};
  for (unsigned j = from; j < to; j++) {
    if (j > from) {
      const char *gap = k->text + k->t[j - 1].end;
      size_t len = k->t[j].begin - k->t[j - 1].end;
      if (memchr(gap, '\n', len) || memchr(gap, '\r', len))
        buf_puts(&out, " ");
      else
        buf_printf(&out, "%.*s", (int)len, gap);
    }
    put_token(k, m, a, j, &out);
  }
  char *text = cm_xstrdup(buf_cstr(&out));
  buf_free(&out);
  return text;
}

static void add_use(const Toks *k, const LaunchMacro *m, unsigned use, MacroLaunches *out) {
  unsigned rparen = closing(k, use + 1, k->n);
  if (rparen >= k->n)
    return;
  UseArgs a = {0};
  if (m->function_like)
    read_args(k, use + 1, rparen, &a);
  if (m->function_like && a.n < m->nparams - (m->nparams && is(k, m->params[m->nparams - 1], "...")))
    return;
  MacroLaunch l = {.begin = k->t[use].begin, .end = k->t[rparen].end, .open = k->t[m->open].begin,
                   .close = k->t[m->close].begin, .lparen = k->t[use + 1].begin, .rparen = k->t[rparen].begin,
                   .kernel = expand(k, m, &a, m->body, m->open)};
  char *body = expand(k, m, &a, m->body, m->end);
  l.expansion = m->function_like ? body
                                 : cm_xasprintf("%s%.*s", body, (int)(k->t[rparen].end - k->t[use + 1].begin),
                                                k->text + k->t[use + 1].begin);
  if (!m->function_like)
    free(body);
  vec_push(out, l);
}

/* Whether token i is a use of m: its name, then `(`, outside any directive. */
static bool uses(const Toks *k, const LaunchMacro *m, unsigned i) {
  return k->t[i].kind == CXToken_Identifier && same_token(k, i, m->name) && is(k, i + 1, "(");
}

void find_macro_launches(const SourceFile *f, const char *text, const ConstToken *t, unsigned n,
                         MacroLaunches *out) {
  Toks k = {f, text, t, n};
  VEC(LaunchMacro) macros = {0};
  unsigned directive_until = 0;
  for (unsigned i = 0; i < n; i++) {
    if (is(&k, i, "#") && an_first_on_line(f, t[i].begin)) {
      LaunchMacro m;
      if (read_macro(&k, i, &m))
        vec_push(&macros, m);
      directive_until = an_directive_end(f, t[i].begin);
    }
    for (size_t j = 0; t[i].begin >= directive_until && j < macros.len; j++)
      if (uses(&k, &macros.items[j], i))
        add_use(&k, &macros.items[j], i, out);
  }
  vec_free(&macros);
}

void free_macro_launches(MacroLaunches *l) {
  for (size_t i = 0; i < l->len; i++) {
    free(l->items[i].kernel);
    free(l->items[i].expansion);
  }
  vec_free(l);
}
