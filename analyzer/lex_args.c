/* What a call's arguments are, from its tokens, where there is no tree: for
 * each, whether it is a double, another built-in type (a pointer to one
 * included), or something the tokens cannot type. An unqualified call whose
 * arguments are all built-in types finds no function by argument-dependent
 * lookup, so `min(a, b)` on ints is never std::min; and `sqrt(x)` on a double
 * is the C library's sqrt, not one of std's overloads.
 *
 * An argument is typed only from forms whose type a reader sees at once:
 * literals and macros that stand for one, names the file declares with a
 * keyword type (lex_scopes.c), their elements (`a[i]`, `*p`), CUDA's thread
 * indexes, casts to a keyword type, sizeof, and the operators between them.
 * A call of a CUDA function (not the project's) is of no type of std, though
 * which type the tokens do not tell. Anything else (another call, a member,
 * another macro, a name of a named type) leaves the argument untyped. */
#define _GNU_SOURCE
#include <string.h>

#include "analyzer_p.h"

typedef struct {
  const char *text;
  const LexRange *tok;
  const CXTokenKind *kind;
  unsigned n;
  const LexScopes *scopes;
  const LexNumbers *numbers;
  const RuleDb *db;
  const NameSet *own;
} Args;

/* The scopes were read from the same tokens: their comparisons serve here. */
static bool is(const Args *a, unsigned i, const char *w) { return lex_scopes_token_is(a->scopes, i, w); }

static bool is_any(const Args *a, unsigned i, const char *const *ws) { return lex_scopes_token_is_any(a->scopes, i, ws); }

/* The token after the bracket group opened at i; n where it does not close. */
static unsigned past_group(const Args *a, unsigned i) {
  int depth = 0;
  for (; i < a->n; i++) {
    depth += is(a, i, "(") || is(a, i, "[") || is(a, i, "{");
    depth -= is(a, i, ")") || is(a, i, "]") || is(a, i, "}");
    if (depth == 0)
      return i + 1;
  }
  return a->n;
}

/* What an operand or a whole argument is. */
typedef struct {
  bool known;   /* built-in, every part of it */
  bool dbl;     /* a double */
  bool no_std;  /* not known, but of no type of namespace std */
} Type;

static const Type UNKNOWN = {false, false, false}, BUILTIN = {true, false, false}, DOUBLE = {true, true, false},
                  NO_STD = {false, false, true};

static Type range_type(const Args *a, unsigned b, unsigned e);

static const char *const keyword_types[] = {"int", "float", "double", "char", "short", "long", "unsigned", "signed",
                                            "bool", NULL};

/* `(double)` or `(unsigned int)` at i: the type it casts to; false where i opens no such cast. */
static bool cast_at(const Args *a, unsigned i, unsigned *after, Type *type) {
  if (!is(a, i, "("))
    return false;
  unsigned k = i + 1;
  while (k < a->n && (is_any(a, k, keyword_types) || is(a, k, "const")))
    k++;
  if (k == i + 1 || !is(a, k, ")"))
    return false;
  *after = k + 1;
  *type = is(a, k - 1, "double") && !is(a, k - 2, "long") ? DOUBLE : BUILTIN;
  return true;
}

/* A floating literal without a suffix is a double; an f or l one is not. */
static Type literal_type(const Args *a, unsigned i) {
  const char *s = a->text + a->tok[i].begin;
  size_t n = a->tok[i].end - a->tok[i].begin;
  if (*s == '"' || *s == '\'')
    return BUILTIN;
  bool hex = n > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  bool floating = memchr(s, '.', n) || (!hex && (memchr(s, 'e', n) || memchr(s, 'E', n)));
  char last = s[n - 1];
  bool suffixed = last == 'f' || last == 'F' || last == 'l' || last == 'L';
  return floating && !suffixed ? DOUBLE : BUILTIN;
}

/* A macro whose body is a number, at i. */
static Type number_macro(const Args *a, unsigned i, unsigned *after) {
  const char *s = a->text + a->tok[i].begin;
  size_t n = a->tok[i].end - a->tok[i].begin;
  *after = i + 1;
  if (!a->numbers || is(a, i + 1, "(") || is(a, i + 1, "["))
    return UNKNOWN;
  return nameset_has(a->numbers->doubles, s, n) ? DOUBLE : nameset_has(a->numbers->builtin, s, n) ? BUILTIN : UNKNOWN;
}

/* CUDA's thread indexes (threadIdx): the rules' built-in variables, whose
 * members are unsigned ints (warpSize, the one without members, has no `.`). */
static bool built_in_variable(const Args *a, unsigned i) {
  return a->kind[i] == CXToken_Identifier &&
         rl_in_section(a->db, a->text + a->tok[i].begin, a->tok[i].end - a->tok[i].begin, "Built-in Variables");
}

/* A name the file declares, at i, with what follows it ([k], or nothing): its type. */
static Type name_type(const Args *a, unsigned i, unsigned *after, bool deref) {
  if (built_in_variable(a, i) && is(a, i + 1, ".") && !deref) {
    *after = i + 3;
    return BUILTIN;
  }
  LexDeclared d;
  if (!lex_scopes_declared(a->scopes, i, &d))
    return deref ? UNKNOWN : number_macro(a, i, after);
  if (d.keyword == LEX_NO_TYPE || d.type != LEX_NO_TYPE || is(a, d.keyword, "auto"))
    return UNKNOWN;
  bool element = is(a, i + 1, "[") || deref;
  *after = is(a, i + 1, "[") ? past_group(a, i + 1) : i + 1;
  if (element && !d.pointer)
    return UNKNOWN;
  if (is(a, *after, "[") || is(a, *after, ".") || is(a, *after, "->") || is(a, *after, "("))
    return UNKNOWN; /* a second index, a member, a call */
  bool is_double = is(a, d.keyword, "double") && !is(a, d.keyword - 1, "long");
  return d.pointer && !element ? BUILTIN : is_double ? DOUBLE : BUILTIN;
}

/* `f(...)` at i calls a CUDA function the project declares no function of
 * (CUDA's min, make_float3): what it gives is CUDA's, of no namespace std,
 * unless a member or an element of it is read. */
static bool cuda_call(const Args *a, unsigned i, unsigned *after) {
  const char *s = a->text + a->tok[i].begin;
  size_t n = a->tok[i].end - a->tok[i].begin;
  const Rule *r = rl_lookup(a->db, s, n);
  if (!r || (r->kind != RK_FUNCTION && r->kind != RK_DEVICE_FUNCTION) || (a->own && nameset_has(a->own, s, n)) ||
      lex_scopes_declared(a->scopes, i, NULL))
    return false;
  *after = past_group(a, i + 1);
  return !is(a, *after, ".") && !is(a, *after, "->") && !is(a, *after, "[");
}

/* The end of the unary expression at i (what a cast applies to: `-x`,
 * `f(y).z[2]`), whatever its type; e where it is none. */
static unsigned unary_end(const Args *a, unsigned i, unsigned e) {
  while (i < e && (is(a, i, "-") || is(a, i, "+") || is(a, i, "!") || is(a, i, "~") || is(a, i, "*") || is(a, i, "&")))
    i++;
  if (i < e && is(a, i, "("))
    i = past_group(a, i);
  else if (i < e && (a->kind[i] == CXToken_Identifier || a->kind[i] == CXToken_Literal))
    i++;
  else
    return e + 1;
  for (;;) {
    if (i < e && (is(a, i, "(") || is(a, i, "[")))
      i = past_group(a, i);
    else if (i + 1 < e && (is(a, i, ".") || is(a, i, "->")) && a->kind[i + 1] == CXToken_Identifier)
      i += 2;
    else
      return i;
  }
}

/* One operand from i: its type, and where it ends. */
static Type operand(const Args *a, unsigned i, unsigned e, unsigned *after) {
  Type cast;
  if (cast_at(a, i, after, &cast)) {
    *after = unary_end(a, *after, e); /* `(double)n / 2`: the cast's operand is n, whatever n is */
    return cast;
  }
  if (is(a, i, "(")) {
    *after = past_group(a, i);
    return *after <= e ? range_type(a, i + 1, *after - 1) : UNKNOWN;
  }
  if (is(a, i, "sizeof")) {
    *after = is(a, i + 1, "(") ? past_group(a, i + 1) : i + 2;
    return BUILTIN;
  }
  if (a->kind[i] == CXToken_Literal || is(a, i, "true") || is(a, i, "false")) {
    *after = i + 1;
    return a->kind[i] == CXToken_Literal ? literal_type(a, i) : BUILTIN;
  }
  bool deref = is(a, i, "*");
  if (deref)
    i++;
  if (!deref && i < e && a->kind[i] == CXToken_Identifier && is(a, i + 1, "(") && cuda_call(a, i, after))
    return NO_STD;
  if (i < e && a->kind[i] == CXToken_Identifier)
    return name_type(a, i, after, deref);
  return UNKNOWN;
}

/* The arithmetic of [b, e): a double where + - * / join operands one of which
 * is a double; built-in where every operand is; a comparison, a logical or a
 * bitwise operator makes an int or a bool. */
static Type range_type(const Args *a, unsigned b, unsigned e) {
  static const char *const arithmetic[] = {"+", "-", "*", "/", NULL};
  static const char *const integral[] = {"%", "<<", ">>", "&", "|", "^", "<", ">", "<=", ">=", "==", "!=", "&&",
                                         "||", NULL};
  static const char *const unary[] = {"-", "+", "!", "~", NULL};
  bool any_double = false, only_arithmetic = true, any_no_std = false;
  for (unsigned i = b; i < e;) {
    while (i < e && is_any(a, i, unary)) {
      only_arithmetic &= !is(a, i, "!") && !is(a, i, "~");
      i++;
    }
    unsigned after = e;
    Type t = i < e ? operand(a, i, e, &after) : UNKNOWN;
    if ((!t.known && !t.no_std) || after > e)
      return UNKNOWN;
    any_double |= t.dbl;
    any_no_std |= t.no_std;
    i = after;
    if (i == e)
      break;
    if (!is_any(a, i, arithmetic) && !is_any(a, i, integral))
      return UNKNOWN;
    only_arithmetic &= is_any(a, i, arithmetic);
    i++;
  }
  /* an operator on a CUDA type is CUDA's or the project's (float3 * 2): no std either */
  return any_no_std ? NO_STD : any_double && only_arithmetic ? DOUBLE : BUILTIN;
}

int lex_call_arguments(const LexScopes *scopes, const LexNumbers *numbers, const RuleDb *db, const NameSet *own,
                       const char *text, const LexRange *tok, const CXTokenKind *kind, unsigned n, unsigned open,
                       LexArgType *out, int max) {
  Args a = {text, tok, kind, n, scopes, numbers, db, own};
  unsigned close = past_group(&a, open);
  if (!is(&a, open, "(") || close > n || !is(&a, close - 1, ")"))
    return -1;
  int count = 0;
  for (unsigned b = open + 1; b < close - 1; count++) {
    if (count == max)
      return -1;
    unsigned e = b;
    while (e < close - 1 && !is(&a, e, ","))
      e = is(&a, e, "(") || is(&a, e, "[") || is(&a, e, "{") ? past_group(&a, e) : e + 1;
    Type t = e > b ? range_type(&a, b, e) : UNKNOWN;
    out[count] = t.no_std ? LEX_ARG_NO_STD : !t.known ? LEX_ARG_UNKNOWN : t.dbl ? LEX_ARG_DOUBLE : LEX_ARG_BUILTIN;
    b = e + 1;
  }
  return count;
}
