/* What a file declares, read from its tokens where there is no tree: a lexical
 * reading (--lexical, or a file no parse could read) otherwise takes a local
 * `float *max` or `dim3 gridDim(...)` for CUDA's max and gridDim, and cannot
 * tell `prop.warpSize` from any other member read, where a parse knows prop's
 * type. A declaration is a name written after a type (`T name`, `T *name`,
 * `const T &name`) and followed by what may follow a declarator (; , = ( ) [ {),
 * in a block, a parameter list or at file scope; it is seen from where it is
 * written to the end of its block, a parameter to the end of its function's
 * body. Only forms an expression cannot take are read, so `a * b;` and
 * `if (y & mask)` declare nothing; a form both could be (`f(T & x)` in a call)
 * counts as a declaration only in a parameter list, where a type or a return
 * type precedes the function's name.
 *
 * Takes a file's tokens (lexer.c's or libclang's); gives, for a name token, the
 * declaration in scope there and the token of its type. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

enum { NONE = 0xFFFFFFFFu, ANGLE_REACH = 64 };

typedef struct {
  unsigned name, type; /* token indexes; type NONE where it is a keyword type */
  unsigned keyword;    /* the keyword type's last token (`long` of `unsigned long`); NONE for a named type */
  unsigned from, to;   /* bytes where the declaration is seen */
  bool is_const, is_volatile;
  bool pointer;        /* declared with a `*` or as an array */
  bool function;       /* a function's name where it is declared: seen there only */
} Decl;

struct LexScopes {
  const char *text;
  const LexRange *tok;
  const CXTokenKind *kind;
  unsigned n;
  bool *code;       /* per token: not on a directive line */
  unsigned *close;  /* per opener ( [ {: its closer; NONE unmatched */
  unsigned *inner;  /* per token: the innermost opener around it; NONE at file scope */
  VEC(Decl) decls;  /* sorted by name, then by where they start */
};

static bool is(const LexScopes *s, unsigned i, const char *w) {
  size_t n = strlen(w);
  return i < s->n && s->tok[i].end - s->tok[i].begin == n && memcmp(s->text + s->tok[i].begin, w, n) == 0;
}

static bool is_any(const LexScopes *s, unsigned i, const char *const *ws) {
  for (; *ws; ws++)
    if (is(s, i, *ws))
      return true;
  return false;
}

static const char *const type_keywords[] = {"int", "float", "double", "char", "short", "long", "unsigned",
                                            "signed", "bool", "void", "auto", "wchar_t", "char16_t", "char32_t",
                                            "_Bool", "__int128", "_Float16", "__fp16", "__bf16", NULL};
/* What may stand before a declaration's type, or between it and the name. */
static const char *const specifiers[] = {"const", "volatile", "static", "extern", "inline", "constexpr", "register",
                                         "struct", "class", "union", "enum", "typename", "mutable", "thread_local",
                                         "__inline__", "__restrict__", "__restrict", "__const", NULL};
static const char *const declarator_marks[] = {"*", "&", "&&", "const", "volatile", "__restrict__", "__restrict",
                                               NULL};
static const char *const after_name[] = {";", ",", "=", "(", ")", "[", "{", NULL};

static bool opener(const LexScopes *s, unsigned i) { return is(s, i, "(") || is(s, i, "[") || is(s, i, "{"); }

static const char *closer_of(const LexScopes *s, unsigned i) {
  return is(s, i, "(") ? ")" : is(s, i, "[") ? "]" : "}";
}

/* Directive lines are not code: a #define's body is not a block, and the
 * macro of an #ifdef is no type of the line after it. */
static void find_code(const SourceFile *f, LexScopes *s) {
  unsigned until = 0;
  for (unsigned i = 0; i < s->n; i++) {
    if (is(s, i, "#") && s->tok[i].begin >= until && an_first_on_line(f, s->tok[i].begin))
      until = an_directive_end(f, s->tok[i].begin);
    s->code[i] = s->tok[i].begin >= until;
  }
}

/* Brackets matched as a compiler would; a closer with no opener of its kind
 * open (both branches of an #if, read at once) is passed over. */
static void match_brackets(LexScopes *s) {
  unsigned *stack = cm_xcalloc(s->n ? s->n : 1, sizeof *stack), depth = 0;
  for (unsigned i = 0; i < s->n; i++) {
    s->close[i] = NONE;
    s->inner[i] = depth ? stack[depth - 1] : NONE;
    if (!s->code[i])
      continue;
    if (opener(s, i)) {
      stack[depth++] = i;
      continue;
    }
    unsigned d = depth;
    while (d > 0 && !is(s, i, closer_of(s, stack[d - 1])))
      d--;
    if (d > 0 && (is(s, i, ")") || is(s, i, "]") || is(s, i, "}"))) {
      s->close[stack[d - 1]] = i;
      depth = d - 1;
    }
  }
  free(stack);
}

/* `T` of `a::b::T`: the first token of the qualified name ending at i. */
static unsigned qualified_start(const LexScopes *s, unsigned i) {
  while (i >= 2 && is(s, i - 1, "::") && s->kind[i - 2] == CXToken_Identifier)
    i -= 2;
  return i >= 1 && is(s, i - 1, "::") ? i - 1 : i;
}

/* `vector<float>`: from its `>` back to the template's name; NONE where the
 * brackets hold what a type's arguments do not (a < b && c > d). */
static unsigned template_start(const LexScopes *s, unsigned close) {
  int depth = 0;
  for (unsigned i = close; i != NONE && close - i < ANGLE_REACH; i--) {
    if (is(s, i, ">"))
      depth++;
    else if (is(s, i, "<") && --depth == 0)
      return i > 0 && s->kind[i - 1] == CXToken_Identifier ? qualified_start(s, i - 1) : NONE;
    else if (!(s->kind[i] == CXToken_Identifier || s->kind[i] == CXToken_Keyword ||
               s->kind[i] == CXToken_Literal || is_any(s, i, (const char *const[]){"::", ",", "*", "&", NULL})))
      return NONE;
  }
  return NONE;
}

/* Whether `(` at open lists a function's parameters: its name follows a type
 * (`void f(`, `T *f(`, `S::f(`), where a call's follows = ( ; or `return`. */
static bool parameter_list(const LexScopes *s, unsigned open) {
  if (open == NONE || !is(s, open, "(") || open < 2 || s->kind[open - 1] != CXToken_Identifier)
    return false;
  unsigned p = open - 2;
  return is_any(s, p, type_keywords) || is_any(s, p, declarator_marks) || is(s, p, "::") || is(s, p, ">") ||
         (s->kind[p] == CXToken_Identifier);
}

/* What comes before a declaration's type: the start of a statement, a
 * parameter list, or more of the declaration's specifiers. */
static bool starts_declaration(const LexScopes *s, unsigned p, bool marked) {
  while (p != NONE && s->kind[p] == CXToken_Comment) /* a comment line above `dim3 grid(...)` */
    p--;
  if (p == NONE || !s->code[p] || is(s, p, ";") || is(s, p, "{") || is(s, p, "}") || is_any(s, p, specifiers))
    return true;
  if (s->kind[p] == CXToken_Identifier)
    return true; /* __device__ float *x, static __shared__ T v */
  if (is(s, p, "(") || is(s, p, ","))
    return !marked || parameter_list(s, s->inner[p + 1]);
  return false;
}

/* The type before the declarator marks ending at j: its token (NONE for a
 * keyword type), or false where what stands there is no type. */
static bool type_before(const LexScopes *s, unsigned j, bool marked, unsigned *type) {
  if (j == NONE || !s->code[j])
    return false;
  if (is_any(s, j, type_keywords)) {
    *type = NONE;
    return true;
  }
  unsigned first = j;
  if (is(s, j, ">")) {
    first = template_start(s, j);
    if (first == NONE)
      return false;
  } else if (s->kind[j] == CXToken_Identifier) {
    first = qualified_start(s, j);
  } else {
    return false;
  }
  *type = s->kind[j] == CXToken_Identifier ? j : NONE;
  /* `f(a < b, c > d)` reads as a template too: in parentheses, only a parameter list's */
  return starts_declaration(s, first ? first - 1 : NONE, marked || is(s, j, ">"));
}

/* Where the declaration at i is seen: to the end of its block, or for a
 * parameter, to the end of the body after its list. */
static unsigned scope_end(const LexScopes *s, unsigned i) {
  unsigned o = s->inner[i];
  if (o == NONE)
    return NONE;
  unsigned c = s->close[o];
  if (c == NONE || is(s, o, "{"))
    return c;
  unsigned k = c + 1;
  while (k < s->n && !is(s, k, "{") && !is(s, k, ";") && !is(s, k, "}") && !is(s, k, "="))
    k++;
  return k < s->n && is(s, k, "{") && s->close[k] != NONE ? s->close[k] : c;
}

/* Whether token i is in a function's body: some block around it follows a
 * parameter list (or else, do, try). */
static bool in_function_body(const LexScopes *s, unsigned i) {
  static const char *const before_body[] = {")", "const", "noexcept", "override", "final", "mutable", "else", "do",
                                            "try", NULL};
  for (unsigned o = s->inner[i]; o != NONE; o = s->inner[o])
    if (is(s, o, "{") && o > 0 && is_any(s, o - 1, before_body))
      return true;
  return false;
}

/* `T a(4), b(64);`: b is declared as a was, where a comma at block level
 * follows the statement's last declaration. */
static bool next_declarator(LexScopes *s, unsigned i, size_t len) {
  if (!is(s, i - 1, ",") || is(s, s->inner[i], "(") || s->decls.len == 0)
    return false;
  Decl d = s->decls.items[s->decls.len - 1];
  if (s->inner[d.name] != s->inner[i])
    return false;
  int angles = 0; /* a comma in `mul<float2, float2>(a)` is a template argument list's */
  for (unsigned k = d.name + 1; k < i; k++) {
    if (s->inner[k] == s->inner[i] && (is(s, k, ";") || is(s, k, "{") || is(s, k, "}")))
      return false;
    angles += s->inner[k] == s->inner[i] && is(s, k, "<") && s->kind[k - 1] == CXToken_Identifier;
    angles -= s->inner[k] == s->inner[i] && is(s, k, ">") && angles > 0;
  }
  if (angles > 0)
    return false;
  unsigned end = scope_end(s, i);
  d.name = i, d.from = s->tok[i].begin, d.to = end == NONE ? (unsigned)len : s->tok[end].end;
  d.pointer = is(s, i + 1, "["); /* `double *p, a[4], x`: only a `, name` follows here */
  vec_push(&s->decls, d);
  return true;
}

/* A line between type and name before a `(`: a macro used as a statement
 * (`CHECK` on its own line) and a call after it, not `T name(args)`. */
static bool split_by_line(const LexScopes *s, unsigned type, unsigned name) {
  return type != NONE && is(s, name + 1, "(") &&
         memchr(s->text + s->tok[type].end, '\n', s->tok[name].begin - s->tok[type].end) != NULL;
}

static void read_declaration(LexScopes *s, unsigned i, size_t len) {
  if (!s->code[i] || s->kind[i] != CXToken_Identifier || !is_any(s, i + 1, after_name) || i == 0 ||
      is(s, s->inner[i], "[") || next_declarator(s, i, len))
    return;
  unsigned j = i - 1;
  bool marked = false, is_const = false, is_volatile = false, pointer = is(s, i + 1, "[");
  for (; j != NONE && s->code[j] && is_any(s, j, declarator_marks); j--) {
    marked |= !is(s, j, "const") && !is(s, j, "volatile");
    is_const |= is(s, j, "const");
    is_volatile |= is(s, j, "volatile");
    pointer |= is(s, j, "*");
  }
  Decl d = {.name = i, .from = s->tok[i].begin, .is_const = is_const, .is_volatile = is_volatile, .pointer = pointer,
            .keyword = j != NONE && is_any(s, j, type_keywords) ? j : NONE};
  if (!type_before(s, j, marked, &d.type) || split_by_line(s, d.type, i))
    return;
  if (is(s, i + 1, "(") && !in_function_body(s, i)) {
    /* a function: its name where it is declared is the file's (a parse names the
       declaration, no use), but a call may pick CUDA's overload of the name
       (make_float3(float2) beside CUDA's), so it is seen nowhere else; what
       follows the parentheses tells an attribute's (__global__ __launch_bounds__(256) void k()) */
    static const char *const after_parameters[] = {"{", ";", "const", "volatile", "noexcept", "throw", "->", "=", ":",
                                                    "&", "&&", "override", "final", "try", "__attribute__", NULL};
    unsigned c = s->close[i + 1];
    if (c == NONE || c + 1 >= s->n || !is_any(s, c + 1, after_parameters))
      return;
    d.to = s->tok[i].end;
    d.function = true;
    vec_push(&s->decls, d);
    return;
  }
  for (unsigned k = d.type; d.type != NONE && k > 0 && (is(s, k - 1, "const") || is(s, k - 1, "volatile")); k--) {
    d.is_const |= is(s, k - 1, "const");
    d.is_volatile |= is(s, k - 1, "volatile");
  }
  unsigned end = scope_end(s, i);
  d.to = end == NONE ? (unsigned)len : s->tok[end].end;
  vec_push(&s->decls, d);
}

static int by_name(const LexScopes *s, unsigned a, unsigned b) {
  LexRange x = s->tok[a], y = s->tok[b];
  unsigned nx = x.end - x.begin, ny = y.end - y.begin;
  int c = memcmp(s->text + x.begin, s->text + y.begin, nx < ny ? nx : ny);
  return c ? c : (nx > ny) - (nx < ny);
}

static int by_name_then_start(const void *a, const void *b, void *scopes) {
  const Decl *x = a, *y = b;
  int c = by_name(scopes, x->name, y->name);
  return c ? c : (x->from > y->from) - (x->from < y->from);
}

LexScopes *lex_scopes_read(const SourceFile *f, const char *text, const LexRange *tok, const CXTokenKind *kind,
                           unsigned n) {
  LexScopes *s = cm_xcalloc(1, sizeof *s);
  *s = (LexScopes){.text = text, .tok = tok, .kind = kind, .n = n};
  s->code = cm_xcalloc(n ? n : 1, sizeof *s->code);
  s->close = cm_xcalloc(n ? n : 1, sizeof *s->close);
  s->inner = cm_xcalloc(n ? n : 1, sizeof *s->inner);
  find_code(f, s);
  match_brackets(s);
  for (unsigned i = 0; i < n; i++)
    read_declaration(s, i, f->len);
  if (s->decls.len) /* qsort_r takes no NULL, even with nothing to sort */
    qsort_r(s->decls.items, s->decls.len, sizeof *s->decls.items, by_name_then_start, s);
  return s;
}

/* The innermost declaration of token i's name seen at i (the declaration's own
 * name token included). */
bool lex_scopes_declared(const LexScopes *s, unsigned i, LexDeclared *out) {
  size_t lo = 0, hi = s->decls.len;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (by_name(s, s->decls.items[mid].name, i) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  const Decl *found = NULL;
  unsigned at = s->tok[i].begin;
  for (size_t k = lo; k < s->decls.len && by_name(s, s->decls.items[k].name, i) == 0; k++)
    if (s->decls.items[k].from <= at && at < s->decls.items[k].to)
      found = &s->decls.items[k];
  if (found && out)
    *out = (LexDeclared){found->type == NONE ? LEX_NO_TYPE : found->type, found->is_const, found->is_volatile,
                         found->keyword == NONE ? LEX_NO_TYPE : found->keyword, found->pointer};
  return found != NULL;
}

static void add_name(const LexScopes *s, unsigned i, NameSet *out) {
  char *name = cm_xstrndup(s->text + s->tok[i].begin, s->tok[i].end - s->tok[i].begin);
  nameset_add(out, name);
  free(name);
}

bool lex_scopes_in_code(const LexScopes *s, unsigned i) { return i < s->n && s->code[i]; }

void lex_scopes_functions(const LexScopes *s, NameSet *out) {
  for (size_t i = 0; i < s->decls.len; i++)
    if (s->decls.items[i].function)
      add_name(s, s->decls.items[i].name, out);
}


/* `typedef ... NAME;`: NAME, the last identifier before the `;` outside any
 * brackets but a function pointer's name's (a struct's body, an array's
 * bound, a function type's parameters); NONE where there is none. */
static unsigned typedef_name(const LexScopes *s, unsigned i) {
  unsigned last = NONE;
  for (unsigned k = i + 1; k < s->n && s->code[k] && !is(s, k, ";"); k++) {
    if (s->close[k] != NONE && !(is(s, k, "(") && !is(s, k - 1, ")")))
      k = s->close[k];
    else if (s->kind[k] == CXToken_Identifier)
      last = k;
  }
  return last;
}

/* The enumerators of the unscoped enum whose `enum` is at i (scoped ones,
 * `enum class`, keep theirs in the enum's scope). */
static void add_enumerators(const LexScopes *s, unsigned i, NameSet *out) {
  unsigned b = i + 1; /* past the name and an underlying type, but not `enum E e)` of a parameter */
  while (b < s->n && s->code[b] && (s->kind[b] == CXToken_Identifier || s->kind[b] == CXToken_Keyword ||
                                    is(s, b, ":") || is(s, b, "::")) &&
         !is(s, b, "class") && !is(s, b, "struct"))
    b++;
  if (b >= s->n || !is(s, b, "{") || s->close[b] == NONE)
    return;
  for (unsigned k = b + 1; k < s->close[b]; k++)
    if (s->inner[k] == b && s->kind[k] == CXToken_Identifier && (is(s, k - 1, "{") || is(s, k - 1, ",")))
      add_name(s, k, out);
}

void lex_scopes_types(const LexScopes *s, NameSet *out) {
  static const char *const keys[] = {"class", "struct", "union", "enum", NULL};
  static const char *const after_name[] = {"{", ":", "final", NULL};
  for (unsigned i = 0; i + 2 < s->n; i++) {
    if (!s->code[i])
      continue;
    if ((is_any(s, i, keys) && s->kind[i + 1] == CXToken_Identifier && is_any(s, i + 2, after_name)) ||
        (is(s, i, "using") && s->kind[i + 1] == CXToken_Identifier && is(s, i + 2, "=")))
      add_name(s, i + 1, out);
    else if (is(s, i, "typedef") && typedef_name(s, i) != NONE)
      add_name(s, typedef_name(s, i), out);
    if (is(s, i, "enum"))
      add_enumerators(s, i, out);
  }
}

void lex_token_arrays(const LexTokens *t, LexRange **tok, CXTokenKind **kind) {
  *tok = cm_xcalloc(t->len + 1, sizeof **tok);
  *kind = cm_xcalloc(t->len + 1, sizeof **kind);
  for (size_t i = 0; i < t->len; i++)
    (*tok)[i] = (LexRange){t->items[i].begin, t->items[i].end}, (*kind)[i] = t->items[i].kind;
}

void lex_declared_names(const SourceFile *f, NameSet *functions, NameSet *types) {
  LexTokens t = {0};
  LexRange *tok;
  CXTokenKind *kind;
  an_lex(f->text, f->len, &t);
  lex_token_arrays(&t, &tok, &kind);
  LexScopes *sc = lex_scopes_read(f, f->text, tok, kind, (unsigned)t.len);
  lex_scopes_functions(sc, functions);
  lex_scopes_types(sc, types);
  lex_scopes_free(sc);
  free(tok);
  free(kind);
  vec_free(&t);
}

void lex_scopes_free(LexScopes *s) {
  if (!s)
    return;
  free(s->code);
  free(s->close);
  free(s->inner);
  vec_free(&s->decls);
  free(s);
}

bool lex_scopes_token_is(const LexScopes *s, unsigned i, const char *w) { return is(s, i, w); }

bool lex_scopes_token_is_any(const LexScopes *s, unsigned i, const char *const *ws) { return is_any(s, i, ws); }
