/* The #if conditions a reading without the tree can decide. A parse knows every
 * macro; a lexical reading knows those the file defines or undefines, those of
 * the project headers it includes (read the same way, in order), the user's
 * -D and -U, and those the compiler defines (data/predefined_macros.csv). Any
 * other name may be a system header's, so a condition on
 * it stays undecided and its branch is read as live, as before: a branch is
 * only ever called dead where a parse would call it dead too.
 *
 * Each name is DEFINED (with its body), UNDEFINED or UNKNOWN; UNKNOWN is where
 * every name starts, and where a #define or #undef in an undecided branch, or a
 * quoted include no reading can follow, leaves the names it may touch. Given
 * the system headers' macro names (sys_headers.c: a reading beside a parse,
 * which has the prelude's folders), a name starts UNDEFINED unless a header the
 * driver or the file includes may define it; in a header, unless also a file
 * that may include it may (project_macros.c). The dead branches of each
 * project header followed are kept, for what its #includes bring. */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer_p.h"

typedef enum { M_UNKNOWN, M_DEFINED, M_UNDEFINED } MacroState;

typedef struct {
  char *name;
  MacroState state;
  char *body;      /* DEFINED: the object-like body; NULL for a function-like macro */
} Macro;

typedef struct {
  char *path;
  LexRanges dead;      /* its dead #if branches where the file includes it */
} Followed;

struct LexMacros {
  VEC(Macro) macros;
  VEC(Followed) headers; /* each reading of a project header, in order */
  const ParseEnv *env; /* the scan's flags, folders and the compiler's macros; NULL: the file's alone */
  const Candidate *c;  /* the file read, whose folder and flags its parse has */
  unsigned followed;   /* headers read for the file so far */
  int depth;           /* of includes being read */
  SysClosures closures; /* the system headers included so far, with what they include */
  bool open;           /* something included may define any name */
  bool closed;         /* a name nothing read defines is undefined (a source; a header's includer may define it) */
  Includers *includers; /* a header's (--tiered): what its includers may define first */
};

/* A file and its headers read at most this many headers, this deep; past
 * that every name is unknown again (a condition then stays undecided). */
enum { MAX_FOLLOWED = 64, MAX_DEPTH = 8, MAX_EXPANSION = 16 };

static Macro *find(LexMacros *m, const char *name, size_t n) {
  for (size_t i = 0; i < m->macros.len; i++)
    if (strlen(m->macros.items[i].name) == n && memcmp(m->macros.items[i].name, name, n) == 0)
      return &m->macros.items[i];
  return NULL;
}

static void set(LexMacros *m, const char *name, size_t n, MacroState state, const char *body, size_t body_len);

static bool system_may_define(const LexMacros *m, const char *name, size_t n) {
  for (size_t i = 0; i < m->closures.len; i++)
    if (sys_closure_may_define(m->closures.items[i], name, n))
      return true;
  return false;
}

/* A name's macro: the file's, a flag's, the compiler's or the CUDA headers'
 * (CUDART_VERSION, --tiered) on first asking, or none that anything included
 * may define; NULL when unknown (after an include that may define anything,
 * every name not the file's own since). */
static const Macro *lookup(LexMacros *m, const char *name, size_t n) {
  static const Macro undefined = {.state = M_UNDEFINED};
  Macro *x = find(m, name, n);
  if (x || !m->env || m->open)
    return x;
  char *key = cm_xstrndup(name, n);
  const char *v = rl_predefined_macro(m->env->db, name, n);
  if (!v)
    v = std_map_header(m->env->prelude_values, key);
  free(key);
  if (v) {
    bool undef = strcmp(v, "#undef") == 0;
    set(m, name, n, undef ? M_UNDEFINED : M_DEFINED, undef ? NULL : v, undef ? 0 : strlen(v));
    return find(m, name, n);
  }
  bool undefined_before = m->closed || (m->includers && !includers_may_define(m->includers, name, n));
  return undefined_before && !system_may_define(m, name, n) ? &undefined : NULL;
}

static void set(LexMacros *m, const char *name, size_t n, MacroState state, const char *body, size_t body_len) {
  Macro *x = find(m, name, n);
  if (!x) {
    vec_push(&m->macros, ((Macro){.name = cm_xstrndup(name, n)}));
    x = &m->macros.items[m->macros.len - 1];
  }
  free(x->body);
  x->state = state;
  x->body = body ? cm_xstrndup(body, body_len) : NULL;
}

static void forget_all(LexMacros *m) {
  for (size_t i = 0; i < m->macros.len; i++) {
    free(m->macros.items[i].name);
    free(m->macros.items[i].body);
  }
  m->macros.len = 0;
  m->open = true;
}

/* -DNAME, -DNAME=value, -D NAME, -UNAME: what the parse is given too. */
static void read_flags(LexMacros *m, const char *const *flags, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const char *a = flags[i];
    bool def = strncmp(a, "-D", 2) == 0, undef = strncmp(a, "-U", 2) == 0;
    if (!def && !undef)
      continue;
    const char *name = a[2] ? a + 2 : i + 1 < n ? flags[++i] : "";
    const char *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    if (!len || strchr(name, '(')) /* a function-like -D is not worth reading */
      continue;
    if (def)
      set(m, name, len, M_DEFINED, eq ? eq + 1 : "1", eq ? strlen(eq + 1) : 1);
    else
      set(m, name, len, M_UNDEFINED, NULL, 0);
  }
}

/* What the system headers define: roots (the prelude's) are included first. */
static void lex_macros_system(LexMacros *m, SysHeaders *sys, const Strings *roots) {
  for (size_t i = 0; i < roots->len; i++)
    vec_push(&m->closures, sys_headers_closure(sys, roots->items[i]));
}

LexMacros *lex_macros_new(const ParseEnv *env, const Candidate *c) {
  LexMacros *m = cm_xcalloc(1, sizeof *m);
  m->env = env;
  m->c = c;
  if (env)
    read_flags(m, env->extra_args, env->nextra);
  if (c && c->nargs)
    read_flags(m, (const char *const *)c->args, (size_t)c->nargs);
  if (env && env->sys)
    lex_macros_system(m, env->sys, &env->prelude_roots);
  /* a source another file includes (rodinia's kernel.cu) is read as a header is */
  bool tiered = env && env->sys && env->cands && c;
  bool header = c && (is_header_name(c->path) || (tiered && project_file_included((ParseEnv *)env, c->path)));
  m->closed = env && env->sys && c && !header; /* nccl1_compat.h's `#ifndef NCCL_MAJOR` */
  if (tiered && header)
    m->includers = project_includers((ParseEnv *)env, c->path);
  return m;
}


void lex_macros_free(LexMacros *m) {
  if (!m)
    return;
  forget_all(m);
  includers_free(m->includers);
  vec_free(&m->macros);
  for (size_t i = 0; i < m->headers.len; i++) {
    free(m->headers.items[i].path);
    vec_free(&m->headers.items[i].dead);
  }
  vec_free(&m->headers);
  vec_free(&m->closures);
  free(m);
}

/* ---- evaluating a condition: a value, or unknown ---- */

typedef struct {
  LexMacros *m;
  const char *text;
  const LexToken *tok;
  size_t at, end;
  int expanding;       /* macro bodies being evaluated, to stop a macro that names itself */
} Expr;

typedef struct {
  bool known;
  intmax_t v;
} Val;

static const Val UNKNOWN = {false, 0};
static Val known(intmax_t v) { return (Val){true, v}; }

static bool is(const Expr *e, const char *s) {
  if (e->at >= e->end)
    return false;
  const LexToken *t = &e->tok[e->at];
  return t->end - t->begin == strlen(s) && memcmp(e->text + t->begin, s, t->end - t->begin) == 0;
}

static bool take(Expr *e, const char *s) {
  bool yes = is(e, s);
  e->at += yes;
  return yes;
}

static Val ternary(Expr *e);

static Val number(const char *s, size_t n) {
  char *lit = cm_xstrndup(s, n), *end;
  errno = 0;
  uintmax_t v = strtoumax(lit, &end, 0);
  bool ok = errno == 0 && end != lit && strspn(end, "uUlL") == strlen(end);
  free(lit);
  return ok ? known((intmax_t)v) : UNKNOWN;
}

/* The value of an object-like macro's body, evaluated as a condition of its own. */
static Val body_value(Expr *e, const char *body) {
  if (e->expanding >= MAX_EXPANSION)
    return UNKNOWN;
  LexTokens t = {0};
  an_lex(body, strlen(body), &t);
  size_t code = 0;
  for (size_t i = 0; i < t.len; i++)
    if (t.items[i].kind != CXToken_Comment)
      t.items[code++] = t.items[i];
  Expr inner = {.m = e->m, .text = body, .tok = t.items, .end = code, .expanding = e->expanding + 1};
  Val v = code ? ternary(&inner) : UNKNOWN;
  if (inner.at != inner.end)
    v = UNKNOWN;
  vec_free(&t);
  return v;
}

static Val defined(Expr *e) {
  bool paren = take(e, "(");
  if (e->at >= e->end || e->tok[e->at].kind == CXToken_Punctuation)
    return UNKNOWN;
  const LexToken *t = &e->tok[e->at++];
  if (paren && !take(e, ")"))
    return UNKNOWN;
  const Macro *x = lookup(e->m, e->text + t->begin, t->end - t->begin);
  return !x || x->state == M_UNKNOWN ? UNKNOWN : known(x->state == M_DEFINED);
}

static Val unary(Expr *e);

static Val primary(Expr *e) {
  if (e->at >= e->end)
    return UNKNOWN;
  if (take(e, "(")) {
    Val v = ternary(e);
    return take(e, ")") ? v : UNKNOWN;
  }
  const LexToken *t = &e->tok[e->at++];
  const char *s = e->text + t->begin;
  size_t n = t->end - t->begin;
  if (t->kind == CXToken_Literal)
    return s[0] >= '0' && s[0] <= '9' ? number(s, n) : UNKNOWN;
  if (n == 7 && memcmp(s, "defined", 7) == 0)
    return defined(e);
  if (t->kind == CXToken_Keyword)
    return n == 4 && memcmp(s, "true", 4) == 0 ? known(1) : n == 5 && memcmp(s, "false", 5) == 0 ? known(0) : UNKNOWN;
  if (t->kind != CXToken_Identifier || is(e, "("))
    return UNKNOWN; /* a function-like macro's use: its expansion is not worth reading */
  const Macro *x = lookup(e->m, s, n);
  if (!x || x->state == M_UNKNOWN)
    return UNKNOWN;
  return x->state == M_UNDEFINED ? known(0) : x->body ? body_value(e, x->body) : UNKNOWN;
}

static Val unary(Expr *e) {
  if (take(e, "!")) {
    Val v = unary(e);
    return v.known ? known(!v.v) : v;
  }
  if (take(e, "-")) {
    Val v = unary(e);
    return v.known ? known((intmax_t)(0 - (uintmax_t)v.v)) : v; /* no overflow at INTMAX_MIN */
  }
  if (take(e, "~")) {
    Val v = unary(e);
    return v.known ? known(~v.v) : v;
  }
  if (take(e, "+"))
    return unary(e);
  return primary(e);
}

/* Binary operators by precedence, loosest first: a level's operands are the next level's. */
static const char *const levels[][6] = {
    {"|", NULL}, {"^", NULL}, {"&", NULL}, {"==", "!=", NULL}, {"<", ">", "<=", ">=", NULL},
    {"<<", ">>", NULL}, {"+", "-", NULL}, {"*", "/", "%", NULL},
};
enum { LEVELS = sizeof levels / sizeof *levels };

static Val apply(const char *op, Val a, Val b) {
  if (!a.known || !b.known)
    return UNKNOWN;
  intmax_t x = a.v, y = b.v;
  if ((!strcmp(op, "/") || !strcmp(op, "%")) && (y == 0 || (x == INTMAX_MIN && y == -1)))
    return UNKNOWN;
  if ((!strcmp(op, "<<") || !strcmp(op, ">>")) && (y < 0 || y >= 63))
    return UNKNOWN;
  switch (op[0]) {
  case '|': return known(x | y);
  case '^': return known(x ^ y);
  case '&': return known(x & y);
  case '=': return known(x == y);
  case '!': return known(x != y);
  case '<': return known(op[1] == '<' ? (intmax_t)((uintmax_t)x << y) : op[1] == '=' ? x <= y : x < y);
  case '>': return known(op[1] == '>' ? x >> y : op[1] == '=' ? x >= y : x > y);
  case '+': return known((intmax_t)((uintmax_t)x + (uintmax_t)y));
  case '-': return known((intmax_t)((uintmax_t)x - (uintmax_t)y));
  case '*': return known((intmax_t)((uintmax_t)x * (uintmax_t)y));
  case '/': return known(x / y);
  default: return known(x % y);
  }
}

static Val binary(Expr *e, int level) {
  if (level == LEVELS)
    return unary(e);
  Val v = binary(e, level + 1);
  for (bool more = true; more;) {
    more = false;
    for (const char *const *op = levels[level]; *op && !more; op++)
      if (take(e, *op)) {
        v = apply(*op, v, binary(e, level + 1));
        more = true;
      }
  }
  return v;
}

/* && and || decide with one operand known where the other is not. */
static Val logical_and(Expr *e) {
  Val v = binary(e, 0);
  while (take(e, "&&")) {
    Val w = binary(e, 0);
    v = (v.known && !v.v) || (w.known && !w.v) ? known(0) : v.known && w.known ? known(1) : UNKNOWN;
  }
  return v;
}

static Val logical_or(Expr *e) {
  Val v = logical_and(e);
  while (take(e, "||")) {
    Val w = logical_and(e);
    v = (v.known && v.v) || (w.known && w.v) ? known(1) : v.known && w.known ? known(0) : UNKNOWN;
  }
  return v;
}

static Val ternary(Expr *e) {
  Val c = logical_or(e);
  if (!take(e, "?"))
    return c;
  Val a = ternary(e);
  if (!take(e, ":"))
    return UNKNOWN;
  Val b = ternary(e);
  return !c.known ? (a.known && b.known && a.v == b.v ? a : UNKNOWN) : c.v ? a : b;
}

/* The tokens of directive word w's line after the word, comments left out. */
static size_t line_tokens(const SourceFile *f, const LexTokens *t, size_t w, LexToken **out) {
  unsigned end = an_directive_end(f, t->items[w].begin);
  size_t n = 0;
  *out = NULL;
  for (size_t i = w + 1; i < t->len && t->items[i].begin < end; i++)
    if (t->items[i].kind != CXToken_Comment) {
      *out = cm_xrealloc(*out, (n + 1) * sizeof **out);
      (*out)[n++] = t->items[i];
    }
  return n;
}

bool lex_macros_plain_name(const LexMacros *m, const char *name, size_t n) {
  return m && m->env && !rl_lookup(m->env->db, name, n) && !nameset_has(m->env->cuda_names, name, n);
}

int lex_macros_condition(LexMacros *m, const SourceFile *f, const char *text, const LexTokens *t, size_t w) {
  LexToken *line;
  size_t n = line_tokens(f, t, w, &line);
  const LexToken *word = &t->items[w];
  bool ifdef = an_lex_word_is(text, word, "ifdef"), ifndef = an_lex_word_is(text, word, "ifndef");
  Expr e = {.m = m, .text = text, .tok = line, .end = n};
  Val v = ifdef || ifndef ? defined(&e) : n ? ternary(&e) : UNKNOWN;
  if (e.at != e.end)
    v = UNKNOWN;
  free(line);
  return !v.known ? -1 : ifndef ? !v.v : v.v != 0;
}

/* ---- #define, #undef and #include "..." ---- */

static char *readable(const char *dir, size_t dir_len, const char *name, size_t n) {
  char *p = cm_xasprintf("%.*s/%.*s", (int)dir_len, dir, (int)n, name);
  char *real = access(p, R_OK) == 0 && an_regular_file(p) ? realpath(p, NULL) : NULL;
  free(p);
  return real;
}

/* In a folder -I or -isystem names. */
static char *in_flag_folders(const char *const *flags, size_t nflags, const char *name, size_t n) {
  char *found = NULL;
  for (size_t i = 0; i < nflags && !found; i++) {
    const char *a = flags[i], *dir = NULL;
    if (strncmp(a, "-I", 2) == 0)
      dir = a[2] ? a + 2 : i + 1 < nflags ? flags[++i] : NULL;
    else if (strcmp(a, "-isystem") == 0)
      dir = i + 1 < nflags ? flags[++i] : NULL;
    if (dir)
      found = readable(dir, strlen(dir), name, n);
  }
  return found;
}

static char *in_folders(const Strings *dirs, const char *name, size_t n) {
  char *found = NULL;
  for (size_t i = 0; dirs && i < dirs->len && !found; i++)
    found = readable(dirs->items[i], strlen(dirs->items[i]), name, n);
  return found;
}

char *lex_find_header(const ParseEnv *env, const Candidate *c, const char *from, const char *name, size_t n,
                      bool angle) {
  const char *slash = strrchr(from, '/'), *main = c ? c->path : from, *main_slash = strrchr(main, '/');
  char *found = !angle && slash ? readable(from, (size_t)(slash - from), name, n) : NULL;
  if (!found && main_slash)
    found = readable(main, (size_t)(main_slash - main), name, n);
  if (!found)
    found = in_flag_folders(env->extra_args, env->nextra, name, n);
  if (!found && c)
    found = in_flag_folders((const char *const *)c->args, (size_t)c->nargs, name, n);
  if (!found && env->cuda_include)
    found = readable(env->cuda_include, strlen(env->cuda_include), name, n);
  if (!found && env->cccl_include)
    found = readable(env->cccl_include, strlen(env->cccl_include), name, n);
  if (!found && env->compat_include)
    found = readable(env->compat_include, strlen(env->compat_include), name, n);
  if (!found)
    found = in_folders(&env->search_dirs, name, n);
  if (!found)
    found = in_folders(&env->include_dirs, name, n);
  return found;
}

bool lex_project_header(const ParseEnv *env, const char *real) {
  return env->scan_root && cm_path_inside(env->scan_root, real) && !is_cuda_header_path(env, real);
}

/* A project header's directives, read in the file's place: what it defines
 * holds after the #include, and so do its conditions on the file's macros. */
static bool follow(LexMacros *m, const char *path) {
  char *text;
  size_t len;
  if (m->followed >= MAX_FOLLOWED || m->depth >= MAX_DEPTH || cm_read_file(path, &text, &len) != ST_OK)
    return false;
  m->followed++;
  m->depth++;
  SourceFile h = {.path = (char *)path, .text = text, .len = len};
  h.bom = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  LexTokens t = {0};
  an_lex(text, len, &t);
  Followed read = {cm_xstrdup(path), {0}};
  an_lex_branches(&h, text, &t, m, &read.dead);
  vec_push(&m->headers, read);
  vec_free(&t);
  free(text);
  m->depth--;
  return true;
}

/* A project header is read in place; a system one adds the names it may
 * define; one found nowhere, or that a macro names, leaves every name possible
 * (without the system's names, a <header> is taken to leave the file's own
 * macros alone). */
static void include(LexMacros *m, const SourceFile *f, const char *text, const LexTokens *t, size_t w, bool sure) {
  unsigned hash = t->items[w - 1].begin;
  size_t n;
  const char *name = an_include_target(text + hash, text + an_directive_end(f, hash), &n);
  if (!name || !n) {
    forget_all(m); /* `#include NAME`, #include_next: a header a macro or the search order names */
    return;
  }
  bool angle = name[-1] == '<';
  char *path = m->env ? lex_find_header(m->env, m->c, f->path ? f->path : ".", name, n, angle) : NULL;
  if (path && lex_project_header(m->env, path)) {
    if (!sure || !follow(m, path))
      forget_all(m);
  } else if (path && m->env->sys) {
    vec_push(&m->closures, sys_headers_closure(m->env->sys, path));
  } else if (!path && (!angle || (m->env && m->env->sys))) {
    forget_all(m);
  }
  free(path);
}

void lex_macros_directive(LexMacros *m, const SourceFile *f, const char *text, const LexTokens *t, size_t w,
                          bool sure) {
  const LexToken *word = &t->items[w];
  if (an_lex_word_is(text, word, "include") || an_lex_word_is(text, word, "include_next") || an_lex_word_is(text, word, "import")) {
    include(m, f, text, t, w, sure);
    return;
  }
  bool def = an_lex_word_is(text, word, "define"), undef = an_lex_word_is(text, word, "undef");
  if ((!def && !undef) || w + 1 >= t->len || t->items[w + 1].kind == CXToken_Punctuation)
    return;
  const LexToken *name = &t->items[w + 1];
  size_t n = name->end - name->begin;
  if (!sure) {
    set(m, text + name->begin, n, M_UNKNOWN, NULL, 0);
    return;
  }
  if (undef) {
    set(m, text + name->begin, n, M_UNDEFINED, NULL, 0);
    return;
  }
  unsigned end = an_directive_end(f, name->begin);
  bool function_like = name->end < f->len && text[name->end] == '(';
  const char *body = text + name->end;
  set(m, text + name->begin, n, M_DEFINED, function_like ? NULL : body, function_like ? 0 : end - name->end);
}

bool lex_ranges_has(const LexRanges *r, unsigned offset) {
  for (size_t i = 0; i < r->len; i++)
    if (offset >= r->items[i].begin && offset < r->items[i].end)
      return true;
  return false;
}

bool lex_macros_header_dead(const LexMacros *m, const char *path, unsigned offset) {
  bool read = false;
  for (size_t i = 0; i < m->headers.len; i++) {
    if (strcmp(m->headers.items[i].path, path) != 0)
      continue;
    if (!lex_ranges_has(&m->headers.items[i].dead, offset))
      return false;
    read = true;
  }
  return read;
}

const Includers *lex_macros_includers(const LexMacros *m) { return m->includers; }
