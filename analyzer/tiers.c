/* A tiered scan (--tiered) reads each file from its tokens first and parses it
 * only when something in it needs the tree: the lexical reading's facts are
 * then the ones a parse would give. What needs the tree, each found from the
 * tokens of the file and of the project headers it includes:
 *   - an #if the tokens cannot decide (lex_macros.c: a name a system header
 *     it includes may define, a computed #include; in a header, any name it
 *     does not define, which an includer may);
 *   - an #include found nowhere a parse would look (the parse fails, or finds
 *     it in the repository: HP3001 or another file's folder);
 *   - a name the CUDA headers declare that no rule knows (a parse reports it,
 *     or sees the CUDA type a typedef stands for);
 *   - a CUDA name whose port depends on types or on where it is called: C++
 *     overloads, a host spelling, a legacy header's call, a cache hint or an
 *     argument cast by the pointee's type;
 *   - a function of the project's own named like a CUDA one (a call may be
 *     the project's overload), or a macro of its headers (the name is then
 *     the project's);
 *   - a name of std a parse could find declared only through the CUDA headers
 *     (not one a standard header declares that the file includes before any
 *     CUDA header bringing standard headers the prelude has not: Thrust, not
 *     cufft.h; data/std_headers.csv); a `using namespace std`, the file's or a
 *     header's, where a name of the file may be such a one; any other `using`
 *     of namespace std. An unqualified name may be std's where the file uses,
 *     opens or aliases namespace std, where it is called with arguments (ADL),
 *     or where a system header brings it to file scope (`using std::exp;`);
 *   - a member read of a CUDA struct the rules care about (cudaDeviceProp
 *     fields, half2's x and y, cooperative groups) that the tokens cannot type;
 *   - a kernel launch inside a __global__ or __device__ function;
 *   - more project headers than it follows (64).
 * Anything else a parse adds (which overload, a pointee's type) changes no
 * output the rules give for the names left. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

typedef struct {
  char *name;
  unsigned at;  /* the #define line's offset */
} OwnMacro;

/* A name of std the file has only through the CUDA headers, at its first use. */
typedef struct {
  char *name;
  unsigned begin, end;
  const char *header;
} StdUse;

typedef struct {
  const ParseEnv *env;
  const Candidate *c;
  SourceFile *f;
  LexTokens t;
  LexRanges dead;
  LexMacros *lex_macros;  /* what decided the file's branches, and its project headers' */
  LexRange *tok;
  CXTokenKind *kind;
  LexScopes *scopes;
  Strings headers;        /* the project headers the file includes, its own path first */
  NameSet *includes;      /* every header the file and those name in an #include */
  NameSet *named;         /* the same, dead branches' too (a parse's user includes: stdnames.c) */
  VEC(StdUse) std_uses;   /* names of std the parse would report, as the tokens tell them */
  NameSet *functions;     /* functions the file and those declare */
  NameSet *types;         /* types the file and those define */
  NameSet *macros;        /* macros those headers define */
  VEC(OwnMacro) own_macros; /* the file's own, where each is defined */
  LexNumbers numbers;     /* macros of the file and those headers whose body is a number */
  NameSet *words;         /* every identifier of the file and those */
  NameSet *early_std;     /* system headers the file includes before any it may reach Thrust through */
  bool barrier;           /* an #include of the file's own past which early_std takes no more */
  bool beyond_prelude;    /* it includes a CUDA header that brings standard headers the prelude does not */
  bool header_using_std;  /* a project header it includes says `using namespace std` */
  bool using_std;         /* the file or one of those says it, opens namespace std or names an alias of it */
  bool using_other;       /* the file or one of those says `using namespace x` of another namespace */
  SysClosures system;     /* the closures of the system headers those include, and the prelude's */
  const Includers *pasted_into; /* a source another file includes: what may include it */
  LexRange where;         /* the token of the file that needs the tree, where one does */
} Tier;

static bool tok_is(const Tier *t, size_t i, const char *s) {
  return i < t->t.len && an_lex_word_is(t->f->text, &t->t.items[i], s);
}

static bool dead(const Tier *t, unsigned off) { return lex_ranges_has(&t->dead, off); }

/* why, found at token i of the file. */
static const char *found_at(Tier *t, size_t i, const char *why) {
  if (i < t->t.len)
    t->where = (LexRange){t->t.items[i].begin, t->t.items[i].end};
  return why;
}

/* Its identifiers into s; whether it says `using namespace std`, `namespace
 * std {`, `namespace x = std` or `using std::x` (in any branch): then any
 * name may be std's; into *other, whether it says `using namespace x` of
 * another namespace, which may hold usings of std's names. */
static bool add_words(NameSet *s, const char *text, size_t len, bool *other) {
  LexTokens t = {0};
  an_lex(text, len, &t);
  bool using_std = false;
  for (size_t i = 0; i < t.len; i++)
    if (t.items[i].kind == CXToken_Identifier) {
      char *w = cm_xstrndup(text + t.items[i].begin, t.items[i].end - t.items[i].begin);
      nameset_add(s, w);
      *other |= i > 1 && strcmp(w, "std") != 0 && an_lex_word_is(text, &t.items[i - 1], "namespace") &&
                an_lex_word_is(text, &t.items[i - 2], "using");
      using_std |= i > 0 && strcmp(w, "std") == 0 && (an_lex_word_is(text, &t.items[i - 1], "namespace") ||
                                                      an_lex_word_is(text, &t.items[i - 1], "using"));
      using_std |= i > 2 && strcmp(w, "std") == 0 && an_lex_word_is(text, &t.items[i - 1], "=") &&
                   an_lex_word_is(text, &t.items[i - 3], "namespace");
      free(w);
    }
  vec_free(&t);
  return using_std;
}

/* Only blanks, closing parentheses or a comment from p to eol. */
static bool nothing_after(const char *p, const char *eol) {
  while (p < eol && strchr(" \t)\r", *p))
    p++;
  return p == eol || (eol - p >= 2 && p[0] == '/' && (p[1] == '/' || p[1] == '*'));
}

/* The body of `#define NAME body` is one number (`16`, `(-0.5)`, `1e-3f`):
 * into numbers' set of doubles or of other built-in types. */
static void add_number(LexNumbers *numbers, const char *name, const char *body, const char *eol) {
  while (body < eol && strchr(" \t(-", *body))
    body++;
  const char *e = body;
  while (e < eol && (strchr(".xX+-", *e) || (*e >= '0' && *e <= '9') || ((*e | 32) >= 'a' && (*e | 32) <= 'f') ||
                     strchr("uUlL", *e)))
    e++;
  if (e == body || !(*body >= '0' && *body <= '9') || !nothing_after(e, eol))
    return;
  bool hex = e - body > 1 && body[0] == '0' && (body[1] | 32) == 'x';
  bool floating = memchr(body, '.', (size_t)(e - body)) || (!hex && memchr(body, 'e', (size_t)(e - body)));
  bool suffixed = strchr("fFlL", e[-1]) != NULL;
  nameset_add(floating && !suffixed ? numbers->doubles : numbers->builtin, name);
}

/* `#define NAME` lines: a project header's into t->macros (a parse takes a
 * CUDA name a project header defines for the project's), the file's own with
 * where they stand; those whose body is a number into t->numbers. */
static void add_macros(Tier *t, const SourceFile *f, bool own) {
  for (const char *line = f->text, *end = f->text + f->len; line < end;) {
    const char *eol = memchr(line, '\n', (size_t)(end - line));
    eol = eol ? eol : end;
    size_t n;
    const char *name = an_line_define(line, eol, &n);
    if (name) {
      char *key = cm_xstrndup(name, n);
      if (!own)
        nameset_add(t->macros, key);
      else
        vec_push(&t->own_macros, ((OwnMacro){key, (unsigned)(line - f->text)}));
      if (name[n] != '(')
        add_number(&t->numbers, key, name + n, eol);
      if (!own)
        free(key);
    }
    line = eol + 1;
  }
}

/* name is a macro where token i stands: a project header's, or the file's own defined before. */
static bool macro_at(const Tier *t, size_t i, const char *name) {
  if (nameset_has(t->macros, name, strlen(name)))
    return true;
  for (size_t k = 0; k < t->own_macros.len; k++)
    if (t->own_macros.items[k].at <= t->t.items[i].begin && strcmp(t->own_macros.items[k].name, name) == 0)
      return true;
  return false;
}

enum { MAX_HEADERS = 64 };

/* A header the prelude's closure holds: what it brings in, every file has. */
static bool in_prelude(const ParseEnv *env, const char *real) {
  for (size_t i = 0; i < env->prelude_roots.len; i++)
    if (sys_closure_has(sys_headers_closure(env->sys, env->prelude_roots.items[i]), real))
      return true;
  return false;
}

static bool side_cuda(const char *real, void *env) { return an_cuda_side(env, real); }

static bool side_known(const char *real, void *env) {
  return std_map_header(((const ParseEnv *)env)->std_via_cuda, real) != NULL;
}

/* A CUDA header beyond the prelude whose own #includes bring standard headers
 * the prelude's parse did not reach (Thrust: <vector>; not cuda.h: <stdlib.h>). */
static bool brings_std(const Tier *t, const char *real) {
  SysSide side = {side_cuda, side_known, (void *)t->env};
  return !in_prelude(t->env, real) && sys_headers_brings_std(t->env->sys, real, &side);
}

/* A project header an #include of the file's (own) names: onto t->headers,
 * which keep `real`, or freed. */
static const char *take_project_header(Tier *t, char *real, bool own) {
  bool known = false;
  for (size_t i = 0; i < t->headers.len && !known; i++)
    known = strcmp(t->headers.items[i], real) == 0;
  t->barrier |= own; /* it may include Thrust */
  if (known) {
    free(real);
    return NULL;
  }
  if (t->headers.len >= MAX_HEADERS) {
    free(real);
    return "more project headers than a reading from tokens follows";
  }
  vec_push(&t->headers, real);
  return NULL;
}

/* A system or CUDA header `name` an #include of the file's (own) reaches. */
static void take_system_header(Tier *t, const char *name, const char *real, bool own) {
  vec_push(&t->system, sys_headers_closure(t->env->sys, real));
  bool cuda = is_cuda_header_path(t->env, real) || (t->env->cccl_include && cm_path_inside(t->env->cccl_include, real));
  bool brings = cuda && brings_std(t, real);
  t->beyond_prelude |= brings;
  t->barrier |= own && brings;
  if (own && !cuda && !t->barrier)
    nameset_add(t->early_std, name);
}

/* One file's #includes: names into t->includes, project headers onto t->headers.
 * Returns why a parse is needed, or NULL. A line in a dead branch includes
 * nothing: in a header, one dead wherever the file includes the header. */
static const char *read_includes(Tier *t, const char *path, const char *text, size_t len, bool own) {
  const char *why = NULL;
  for (const char *line = text, *end = text + len; line < end && !why;) {
    const char *eol = memchr(line, '\n', (size_t)(end - line));
    eol = eol ? eol : end;
    size_t n;
    const char *name = an_line_include(line, eol, &n);
    unsigned at = (unsigned)(line - text);
    if (name && n) {
      char *any = cm_xstrndup(name, n);
      nameset_add(t->named, any);
      free(any);
    }
    if (name && n && !(own ? dead(t, at) : lex_macros_header_dead(t->lex_macros, path, at))) {
      char *key = cm_xstrndup(name, n);
      nameset_add(t->includes, key);
      char *real = lex_find_header(t->env, t->c, path, name, n, name[-1] == '<');
      if (!real) {
        why = "an #include found nowhere a parse looks";
        if (own)
          t->where = (LexRange){(unsigned)(name - text), (unsigned)(name - text + n)};
      }
      else if (lex_project_header(t->env, real))
        why = take_project_header(t, real, own); /* keeps or frees real */
      else {
        take_system_header(t, key, real, own);
        free(real);
      }
      free(key);
    }
    line = eol + 1;
  }
  return why;
}

/* The functions and types f declares but in its lines dead where the file
 * includes it (llm.c's own __ldcs, for a CUDA older than 12): there, the
 * parse finds none either. */
static void declared_names(Tier *t, const SourceFile *f, bool own) {
  char *live = cm_xstrndup(f->text, f->len);
  for (char *line = live, *end = live + f->len; line < end;) {
    char *eol = memchr(line, '\n', (size_t)(end - line));
    eol = eol ? eol : end;
    unsigned at = (unsigned)(line - live);
    if (own ? dead(t, at) : lex_macros_header_dead(t->lex_macros, f->path, at))
      memset(line, ' ', (size_t)(eol - line));
    line = eol + 1;
  }
  SourceFile h = {.path = f->path, .text = live, .len = f->len};
  lex_declared_names(&h, t->functions, t->types);
  free(live);
}

/* The file and its project headers, transitively: their includes, words, functions and types. */
static const char *read_project(Tier *t) {
  vec_push(&t->headers, cm_xstrdup(t->f->path));
  for (size_t i = 0; i < t->headers.len; i++) {
    char *text;
    size_t len;
    bool own = i == 0;
    if (!own && cm_read_file(t->headers.items[i], &text, &len) != ST_OK)
      return "a project header it cannot read";
    SourceFile h = {.path = t->headers.items[i], .text = own ? t->f->text : text, .len = own ? t->f->len : len};
    const char *why = read_includes(t, h.path, h.text, h.len, own);
    bool using_std = add_words(t->words, h.text, h.len, &t->using_other);
    t->header_using_std |= using_std && !own;
    t->using_std |= using_std;
    declared_names(t, &h, own);
    add_macros(t, &h, own);
    if (!own)
      free(text);
    if (why)
      return why;
  }
  return NULL;
}

/* The first name of the qualifier before the name at i (`cuda` of
 * cuda::std::name); 0 where it is not qualified. */
static size_t first_qualifier(const Tier *t, size_t i) {
  size_t q = 0;
  while (i > 1 && tok_is(t, i - 1, "::") && t->t.items[i - 2].kind == CXToken_Identifier)
    q = i -= 2;
  return q;
}

/* The name of the template whose argument list closes at the `>` at o
 * (common_type of std::common_type<T, U>); 0 where there is none. */
static size_t template_name(const Tier *t, size_t o) {
  int depth = 0;
  for (; o > 0; o--) {
    depth += tok_is(t, o, ">") + 2 * tok_is(t, o, ">>") - tok_is(t, o, "<");
    if (depth <= 0)
      break;
  }
  return o > 0 && depth == 0 && t->t.items[o - 1].kind == CXToken_Identifier ? o - 1 : 0;
}

/* A CUDA API header the file reaches declares the name at i, which no rule
 * knows (cudaEGL.h's CUeglFrame, cg::binary_partition), or it is read through
 * the namespace of a library whose names all live there (cuda::atomic_ref):
 * a parse reports it. Not in a directive, nor where the file or its project
 * declares it, nor through std:: or a library that keeps its names
 * (thrust::), nor a member of a type of the project's or of a template of
 * std's (x128::size, std::common_type<T, U>::type). */
static bool declared_beyond_prelude(const Tier *t, size_t i, const char *s, size_t n) {
  if (!lex_scopes_in_code(t->scopes, (unsigned)i) || lex_scopes_declared(t->scopes, (unsigned)i, NULL) ||
      nameset_has(t->functions, s, n) || nameset_has(t->types, s, n) || nameset_has(t->macros, s, n))
    return false;
  size_t first = first_qualifier(t, i);
  if (first && rl_namespaced_library(t->env->db, t->f->text + t->t.items[first].begin,
                                     t->t.items[first].end - t->t.items[first].begin))
    return true;
  if (i > 1 && tok_is(t, i - 1, "::")) {
    size_t k = tok_is(t, i - 2, ">") ? template_name(t, i - 2) : i - 2;
    const LexToken *q = &t->t.items[k];
    const char *qs = t->f->text + q->begin;
    size_t qn = q->end - q->begin;
    size_t outer = first_qualifier(t, k);
    if (k == 0 || tok_is(t, k, "std") || (outer && tok_is(t, outer, "std")) || rl_same_name_library(t->env->db, qs, qn) ||
        (an_cg_qualifier(qs, qn) && an_cg_rule(t->env->db, s, n)) || nameset_has(t->types, qs, qn))
      return false;
  }
  for (size_t k = 0; k < t->system.len; k++)
    if (sys_closure_declares(t->system.items[k], s, n))
      return true;
  return false;
}

/* A name the CUDA headers declare that no rule knows (but one the prelude
 * declares that is spelled like CUDA's: the tokens report it as the parse
 * does), or a CUDA name the project declares a function, macro or type of. */
static const char *read_names(Tier *t) {
  const RuleDb *db = t->env->db;
  for (size_t i = 0; i < t->t.len; i++) {
    const LexToken *k = &t->t.items[i];
    const char *s = t->f->text + k->begin;
    size_t n = k->end - k->begin;
    if (k->kind != CXToken_Identifier || dead(t, k->begin) || tok_is(t, i - 1, ".") || tok_is(t, i - 1, "->"))
      continue;
    const Rule *r = rl_lookup(db, s, n);
    bool known = r || rl_struct_name(db, s, n); /* nv_half: its struct's rule (facts.c) */
    bool prelude_name = nameset_has(t->env->cuda_names, s, n) && !(i && tok_is(t, i - 1, "::"));
    if (!known && ((prelude_name && !an_cuda_like(db, s, n)) || declared_beyond_prelude(t, i, s, n)))
      return found_at(t, i, "a name the CUDA headers declare that no rule knows");
    if (r && r->kind != RK_TYPE && nameset_has(t->functions, s, n))
      return found_at(t, i, "a function of the project's named like a CUDA one");
    if (r && nameset_has(t->macros, s, n))
      return found_at(t, i, "a macro of the project's named like a CUDA name");
    if (r && nameset_has(t->types, s, n))
      return found_at(t, i, "a type of the project's named like a CUDA name");
  }
  return NULL;
}

typedef struct {
  const RuleDb *db;
  bool found;
} TypeSearch;

static void legacy_header(void *ctx, const char *name) {
  TypeSearch *s = ctx;
  s->found |= rl_legacy_header(s->db, name);
}

/* reinterpret_cast<void**>(&p) is left out where p is a void* (rewrite.c): the pointee's type decides. */
static bool cast_by_type(const RuleDb *db, const char *name) {
  for (const ArgCast *c = rl_arg_cast(db, name, NULL); c; c = rl_arg_cast(db, name, c))
    if (c->arg == 0 && *c->wrapper && c->wrapper[strlen(c->wrapper) - 1] == '>')
      return true;
  return false;
}

/* The token that starts at off; t->t.len where none does. */
static size_t token_at(const Tier *t, unsigned off) {
  size_t lo = 0, hi = t->t.len;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (t->t.items[mid].begin < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < t->t.len && t->t.items[lo].begin == off ? lo : t->t.len;
}

/* The call at x passes a first argument the plan casts or leaves alone
 * whatever the tree would say: one it takes for cast already (a cast, a
 * parenthesis: rewrite.c), or `&p` or `p` of a name declared with a keyword
 * type but void (`float *p`), whose type no typedef can make a void**. */
static bool first_argument_told(const Tier *t, const Fact *x) {
  size_t i = token_at(t, x->offset), a = i + 2;
  if (i >= t->t.len || !tok_is(t, i + 1, "("))
    return false;
  static const char *const casts[] = {"(", "reinterpret_cast", "static_cast", "const_cast"};
  for (size_t k = 0; k < sizeof casts / sizeof *casts; k++)
    if (tok_is(t, a, casts[k]))
      return true;
  size_t name = tok_is(t, a, "&") ? a + 1 : a;
  LexDeclared d;
  return name < t->t.len && t->t.items[name].kind == CXToken_Identifier && (tok_is(t, name + 1, ",") || tok_is(t, name + 1, ")")) &&
         lex_scopes_declared(t->scopes, (unsigned)name, &d) && d.type == LEX_NO_TYPE && d.keyword != LEX_NO_TYPE &&
         !tok_is(t, d.keyword, "void");
}

/* A fact whose port a parse's types or placement decide. */
static const char *read_facts(Tier *t) {
  const RuleDb *db = t->env->db;
  for (size_t i = 0; i < t->f->facts.len; i++) {
    const Fact *x = &t->f->facts.items[i];
    if (x->kind != FK_IDENT)
      continue;
    if (rl_host_name(db, x->name) || (x->params < 0 && rl_has_overload(db, x->name)) ||
        rl_cache_hint(db, x->name) || (cast_by_type(db, x->name) && !first_argument_told(t, x))) {
      t->where = (LexRange){x->offset, x->offset + x->length};
      return "a CUDA name whose port depends on types or on where it is called";
    }
  }
  TypeSearch legacy = {db, false};
  nameset_each(t->includes, legacy_header, &legacy);
  return legacy.found ? "a legacy CUDA header, whose calls a parse tells from the current ones" : NULL;
}

/* One of the standard headers that declare std::name (data/std_headers.csv) is in set. */
static bool std_header_in(const Tier *t, const char *name, const NameSet *set) {
  const char *headers = rl_std_headers(t->env->db, name, strlen(name));
  for (const char *h = headers; h && *h;) {
    size_t n = strcspn(h, " ");
    if (nameset_has(set, h, n))
      return true;
    h += n + strspn(h + n, " ");
  }
  return false;
}

/* std::name is declared by a standard header the file includes before any
 * CUDA header beyond the prelude: a parse reaches it through the file's own
 * #include first (stdnames.c counts no header of the file's own). */
static bool early_std(const Tier *t, const char *name) { return std_header_in(t, name, t->early_std); }

/* A system header the file has brings name to file scope (libstdc++'s
 * <math.h> says `using std::exp;`: `exp(x)` with a float calls std::exp);
 * for a pasted source, one its includers have too. */
static bool system_using(const Tier *t, const char *name) {
  for (size_t i = 0; i < t->system.len; i++)
    if (sys_closure_may_use_std(t->system.items[i], name, strlen(name), t->using_other))
      return true;
  return t->pasted_into && includers_may_use_std(t->pasted_into, name, strlen(name));
}

enum { MAX_ARGS = 8 };

/* The call `name(x...)` at i finds no function of std: its arguments are of
 * built-in types or calls of CUDA's functions, so argument-dependent lookup
 * searches no namespace of std's (not so
 * swap(a, b) on a std::vector), and where a system header brings std's name
 * to file scope, they are doubles the C library's function of as many takes
 * (sqrt(d), not sqrt(f): std::sqrt(float)). */
static bool call_names_no_std(const Tier *t, size_t i, const char *name) {
  LexArgType args[MAX_ARGS];
  int n = lex_call_arguments(t->scopes, &t->numbers, t->env->db, t->functions, t->f->text, t->tok, t->kind, (unsigned)t->t.len, (unsigned)i + 1,
                             args, MAX_ARGS);
  bool doubles = n > 0;
  for (int k = 0; k < n; k++) {
    if (args[k] == LEX_ARG_UNKNOWN)
      return false;
    doubles &= args[k] == LEX_ARG_DOUBLE;
  }
  if (n <= 0 || !system_using(t, name))
    return n > 0;
  char *key = cm_xasprintf("%s/%d", name, n);
  bool c_function = doubles && nameset_has(t->env->c_doubles, key, strlen(key));
  free(key);
  return c_function;
}

/* A name at i may be found in namespace std: not a C typedef std has too
 * (size_t), nor where a declaration of the file's is seen (`size_t end`
 * hides std::end; a function's own name where it is declared); any other
 * where the file or its headers use, open or alias namespace std; else an
 * unqualified one (or ::name) that a system header brings to file scope, or
 * a call whose arguments leave std's possible. x::name is not: std:: is
 * read_std's, and x is not std. */
static bool may_name_std(const Tier *t, size_t i, const char *name) {
  if (!tok_is(t, i + 1, "(") && nameset_has(t->env->c_types, name, strlen(name)))
    return false; /* size_t: std's is the same type, and lookup finds the C library's */
  if (lex_scopes_declared(t->scopes, (unsigned)i, NULL))
    return false; /* a declaration hides what `using namespace std` brings too */
  if (t->using_std)
    return true;
  if (i > 1 && tok_is(t, i - 1, "::") && (t->t.items[i - 2].kind == CXToken_Identifier || tok_is(t, i - 2, ">")))
    return false;
  if (tok_is(t, i + 1, "(") && !tok_is(t, i + 2, ")"))
    return !call_names_no_std(t, i, name);
  return tok_is(t, i + 1, "<") || system_using(t, name); /* name<T>(...): its arguments are not read */
}

/* No name of the file that may be std's is one the prelude has only through
 * the CUDA headers (std_names) from a header the file does not include. */
static bool unqualified_std_settled(Tier *t) {
  for (size_t i = 0; i < t->t.len; i++) {
    const LexToken *k = &t->t.items[i];
    if (k->kind != CXToken_Identifier || dead(t, k->begin) || tok_is(t, i - 1, ".") || tok_is(t, i - 1, "->"))
      continue;
    char *name = cm_xstrndup(t->f->text + k->begin, k->end - k->begin);
    bool settled = !std_map_header(t->env->std_names, name) || macro_at(t, i, name) || !may_name_std(t, i, name) ||
                   std_map_all_in(t->env->std_names, name, t->includes);
    free(name);
    if (!settled) {
      t->where = (LexRange){k->begin, k->end};
      return false;
    }
  }
  return true;
}

/* The file names a header that declares std::name (data/std_headers.csv:
 * <algorithm>, whose CUDA wrapper adds std::min overloads), or the table
 * does not say which one does. */
static bool names_std_header(const Tier *t, const char *name) {
  return !rl_std_headers(t->env->db, name, strlen(name)) || std_header_in(t, name, t->named);
}

/* std::name at i, declared in one header only, which the file has through
 * the CUDA headers alone: the parse's HP2501 fact, at the name's first use,
 * told from the tokens. Not a namespace (std::chrono::), nor a name std also
 * takes from the C library (std::sqrt(d) is ::sqrt), nor where the file
 * names a header that declares it (more overloads) or reaches standard
 * headers through a CUDA header beyond the prelude (its parse would map the
 * declaration's file on its own), nor where a dead branch names the header
 * (a parse counts that include: stdnames.c). */
static bool std_use(Tier *t, size_t i, const char *name) {
  const char *header = std_map_single(t->env->std_names, name);
  if (!header || t->beyond_prelude || tok_is(t, i + 1, "::") || nameset_has(t->env->std_taken, name, strlen(name)) ||
      nameset_has(t->named, header, strlen(header)) || names_std_header(t, name))
    return false;
  for (size_t k = 0; k < t->std_uses.len; k++)
    if (strcmp(t->std_uses.items[k].name, name) == 0)
      return true; /* its first use has it */
  vec_push(&t->std_uses, ((StdUse){cm_xstrdup(name), t->t.items[i].begin, t->t.items[i].end, header}));
  return true;
}

/* std::name: a name a parse may find declared only through the CUDA headers. */
static const char *read_std(Tier *t) {
  for (size_t i = 0; i + 2 < t->t.len; i++) {
    if (!tok_is(t, i, "std") || dead(t, t->t.items[i].begin))
      continue;
    if (i > 1 && tok_is(t, i - 1, "namespace") && tok_is(t, i - 2, "using")) {
      if (t->beyond_prelude)
        return found_at(t, i, "a `using namespace std`");
      continue;
    }
    /* `using std::cout;` names std::cout as a use does (and makes every name
       possible std's: add_words) */
    if (!tok_is(t, i + 1, "::") || t->t.items[i + 2].kind != CXToken_Identifier)
      continue;
    char *name = cm_xstrndup(t->f->text + t->t.items[i + 2].begin, t->t.items[i + 2].end - t->t.items[i + 2].begin);
    bool via_cuda = std_map_header(t->env->std_names, name) != NULL;
    bool settled = via_cuda ? std_map_all_in(t->env->std_names, name, t->includes) || std_use(t, i + 2, name)
                            : !t->beyond_prelude || early_std(t, name);
    free(name);
    if (!settled)
      return found_at(t, i + 2, "a name of std the CUDA headers may be all that declares");
  }
  if (t->header_using_std && t->beyond_prelude)
    return "a `using namespace std` in a header it includes";
  return unqualified_std_settled(t) ? NULL : "a name of std the CUDA headers may be all that declares";
}

/* The token before the bracket group that closes at o (`)` or `]`); 0 where
 * there is none, which is never an object. */
static size_t before_group(const Tier *t, size_t o) {
  int depth = 0;
  for (; o != (size_t)-1; o--) {
    depth += tok_is(t, o, ")") + tok_is(t, o, "]") - tok_is(t, o, "(") - tok_is(t, o, "[");
    if (depth == 0)
      break;
  }
  return o == (size_t)-1 || o == 0 ? 0 : o - 1;
}

/* The call whose callee is at o is of a CUDA header's function whose result no
 * member rule names (`block.group_index()`: dim3), and the project declares no
 * function of that name. */
static bool typed_call(const Tier *t, size_t o) {
  if (o == 0 || t->t.items[o].kind != CXToken_Identifier)
    return false;
  const char *s = t->f->text + t->t.items[o].begin;
  size_t n = t->t.items[o].end - t->t.items[o].begin;
  const char *result = rl_call_result(t->env->db, s, n);
  return result && !rl_member_type(t->env->db, result, strlen(result)) && !nameset_has(t->functions, s, n);
}

/* The object of `.member` at i (the dot) has a type the tokens tell, or is a
 * CUDA built-in (threadIdx): either way, no member a rule names hides there. */
static bool typed_object(const Tier *t, size_t dot) {
  size_t o = dot - 1;
  if (tok_is(t, o, ")"))
    return typed_call(t, before_group(t, o));
  if (tok_is(t, o, "]") && (o = before_group(t, o)) == 0)
    return false;
  if (t->t.items[o].kind != CXToken_Identifier || tok_is(t, o - 1, ".") || tok_is(t, o - 1, "->"))
    return false;
  const char *s = t->f->text + t->t.items[o].begin;
  size_t n = t->t.items[o].end - t->t.items[o].begin;
  const Rule *r = rl_lookup(t->env->db, s, n);
  LexDeclared d;
  if (!lex_scopes_declared(t->scopes, (unsigned)o, &d))
    return r && r->kind != RK_TYPE;
  /* `auto tile = ...`: no type in the tokens; a CUDA type's member reads are facts already
     (read_lexical_member), so one without is a form the tokens do not read */
  const Rule *type = d.type == LEX_NO_TYPE ? NULL : rl_lookup(t->env->db, t->f->text + t->t.items[d.type].begin,
                                                              t->t.items[d.type].end - t->t.items[d.type].begin);
  return d.type != LEX_NO_TYPE && !(type && type->kind == RK_TYPE);
}

static bool fact_at(const SourceFile *f, unsigned off) {
  for (size_t i = 0; i < f->facts.len; i++)
    if (f->facts.items[i].kind == FK_MEMBER && f->facts.items[i].offset == off)
      return true;
  return false;
}

static void member_type(void *ctx, const char *word) {
  TypeSearch *s = ctx;
  s->found |= rl_member_type(s->db, word, strlen(word));
}

/* A member read the rules may name (Type.member) whose object the tokens cannot type. */
static const char *read_members(Tier *t) {
  const RuleDb *db = t->env->db;
  TypeSearch s = {db, false};
  nameset_each(t->words, member_type, &s);
  if (!s.found)
    return NULL; /* none of the structs whose members rules name is in sight */
  for (size_t i = 1; i + 1 < t->t.len; i++) {
    if (!(tok_is(t, i, ".") || tok_is(t, i, "->")) || t->t.items[i + 1].kind != CXToken_Identifier ||
        dead(t, t->t.items[i].begin))
      continue;
    const LexToken *m = &t->t.items[i + 1];
    if (rl_member_name(db, t->f->text + m->begin, m->end - m->begin) && !fact_at(t->f, m->begin) &&
        !typed_object(t, i))
      return found_at(t, i + 1, "a member read the rules name whose object only a parse can type");
  }
  return NULL;
}

/* A CUDA qualifier (the rules' "Qualifiers": __global__, __device__, and the
 * variables' and __host__ too, which only makes the test stricter). */
static bool qualifier(const Tier *t, size_t i) {
  const LexToken *k = &t->t.items[i];
  return k->kind == CXToken_Identifier && rl_in_section(t->env->db, t->f->text + k->begin, k->end - k->begin, "Qualifiers");
}

/* A block around token i opens a function declared with a CUDA qualifier
 * (its declaration: the tokens back to the statement before it). */
static bool in_device_code(const Tier *t, size_t i) {
  int depth = 0;
  for (size_t k = i; k-- > 0;) {
    depth += tok_is(t, k, "}") - tok_is(t, k, "{");
    if (depth >= 0)
      continue;
    depth = 0; /* an open block: what declares it? */
    for (size_t d = k; d-- > 0 && !tok_is(t, d, ";") && !tok_is(t, d, "}") && !tok_is(t, d, "{");)
      if (qualifier(t, d))
        return true;
  }
  return false;
}

static const char *read_launches(Tier *t) {
  for (size_t i = 0; i < t->t.len; i++)
    if (tok_is(t, i, "<<<") && !dead(t, t->t.items[i].begin) && in_device_code(t, i))
      return found_at(t, i, "a kernel launch in device code");
  return NULL;
}

static void tier_free(Tier *t) {
  vec_free(&t->t);
  vec_free(&t->dead);
  free(t->tok);
  free(t->kind);
  lex_scopes_free(t->scopes);
  lex_macros_free(t->lex_macros);
  cm_strings_free(&t->headers);
  nameset_free(t->includes);
  nameset_free(t->named);
  for (size_t i = 0; i < t->std_uses.len; i++)
    free(t->std_uses.items[i].name);
  vec_free(&t->std_uses);
  nameset_free(t->functions);
  nameset_free(t->types);
  nameset_free(t->macros);
  for (size_t i = 0; i < t->own_macros.len; i++)
    free(t->own_macros.items[i].name);
  vec_free(&t->own_macros);
  nameset_free(t->numbers.builtin);
  nameset_free(t->numbers.doubles);
  nameset_free(t->words);
  nameset_free(t->early_std);
  vec_free(&t->system);
}

/* why, with the token it was found at and its line where there is one. */
static char *told(const Tier *t, const char *why) {
  if (!why || t->where.end <= t->where.begin)
    return why ? cm_xstrdup(why) : NULL;
  unsigned line, column;
  an_location(t->f, t->where.begin, &line, &column);
  return cm_xasprintf("%s: `%.*s`, line %u", why, (int)(t->where.end - t->where.begin), t->f->text + t->where.begin, line);
}

char *tier_needs_tree(const ParseEnv *env, const Candidate *c, SourceFile *f, Strings *read) {
  Tier t = {.env = env, .c = c, .f = f, .includes = nameset_new(), .named = nameset_new(), .functions = nameset_new(), .types = nameset_new(), .macros = nameset_new(),
            .words = nameset_new(), .early_std = nameset_new(), .numbers = {nameset_new(), nameset_new()}};
  an_lex(f->text, f->len, &t.t);
  t.lex_macros = lex_macros_new(env, c);
  size_t undecided = an_lex_branches(f, f->text, &t.t, t.lex_macros, &t.dead);
  lex_token_arrays(&t.t, &t.tok, &t.kind);
  t.scopes = lex_scopes_read(f, f->text, t.tok, t.kind, (unsigned)t.t.len);
  for (size_t i = 0; i < env->prelude_roots.len; i++)
    vec_push(&t.system, sys_headers_closure(env->sys, env->prelude_roots.items[i]));
  t.pasted_into = is_header_name(c->path) ? NULL : lex_macros_includers(t.lex_macros);
  t.using_std = t.pasted_into && includers_use_std(t.pasted_into); /* the paste may follow theirs */
  static const char *(*const checks[])(Tier *) = {read_project, read_names, read_facts, read_std, read_members,
                                                  read_launches}; /* read_project first: the others read its sets */
  const char *why = undecided ? found_at(&t, undecided - 1, "an #if its tokens cannot decide") : NULL;
  for (size_t i = 0; !why && i < sizeof checks / sizeof *checks; i++)
    why = checks[i](&t);
  for (size_t i = 1; i < t.headers.len; i++) /* the file itself first */
    vec_push(read, cm_xstrdup(t.headers.items[i]));
  for (size_t i = 0; !why && i < t.std_uses.len; i++)
    an_add_std_fact(f, t.std_uses.items[i].begin, t.std_uses.items[i].end - t.std_uses.items[i].begin,
                    t.std_uses.items[i].header);
  char *out = told(&t, why);
  tier_free(&t);
  return out;
}
