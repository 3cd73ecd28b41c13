/* The macros the system headers a file includes may define, read from their
 * text. A parse knows that `DEBUG` is undefined because it read every header
 * the file includes; a reading without the tree can know the same from the
 * names those headers #define anywhere (in any branch: more than a parse would
 * define, never less), following their own #includes through the folders the
 * prelude's parse found its headers in. A computed `#include MACRO` includes
 * what each body the closure's headers give MACRO may expand to (Thrust's
 * <__THRUST_DEVICE_SYSTEM_ROOT/detail/sort.h>, each system's); one the
 * closure cannot expand leaves every name possible. A header found nowhere is left out:
 * it stands in a branch the system's parse does not take (glibc's
 * <gnu/stubs-32.h> on a 64-bit system), or no file including it would parse.
 *
 * The same reading keeps what brings names of std to file scope: `using
 * namespace std`, and `using std::exp;` (libstdc++'s <math.h>, <stdlib.h>),
 * after which an unqualified exp may be std's; and apart, those within a
 * namespace, which a file's `using namespace x` may bring in turn.
 *
 * And the names a CUDA API header declares (a function, type or enumerator:
 * any scope, as macros open the toolkit's namespaces), which a parse reports
 * where no rule knows them.
 *
 * One per scan, shared by the workers: each header is read once (its names and
 * the headers it includes, found), and each closure is kept by the header it
 * starts from. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer_p.h"

struct SysClosure {
  NameSet *names;      /* every name a #define of the closure's headers names */
  NameSet *files;      /* the real path of every header in it */
  NameSet *std_using;  /* what a `using std::NAME;` of its headers names */
  bool using_std;      /* one of its headers says `using namespace std` */
  NameSet *inner_using; /* the same within braces: a namespace's (or a function's) */
  bool inner_using_std;
  bool open;           /* some header it includes could not be followed: any name may be defined */
  bool usings_open;    /* the same, of a header whose usings count */
  NameSet *declared;   /* what its CUDA API headers declare */
};

typedef struct Header Header;

/* An object-like #define whose body may name a header, part of one or a
 * macro that does: `X <a/b.h>`, `ROOT thrust/system/NS`, `NS cuda`. */
typedef struct Define {
  char *name, *body;
  Header *in;
  struct Define *next;  /* in its hash bucket */
} Define;

typedef struct {
  Header *to;
  bool bare;           /* spelled without an extension: <vector>, not <stdlib.h> */
} Include;

struct Header {
  char *path;          /* real */
  Strings names;       /* what its #defines name */
  Strings std_using;   /* what its `using std::NAME;` lines name */
  bool using_std;      /* a `using namespace std` line */
  Strings inner_using; /* the same within braces */
  bool inner_using_std;
  VEC(Include) includes;
  Strings computed;    /* the macros its `#include MACRO` lines name */
  NameSet *declared;   /* a CUDA API header's: the names it declares; NULL for any other */
  bool open;           /* an #include it cannot read */
  bool parsed;         /* the prelude included it: included again, it adds no usings, nor do its includes */
  SysClosure *closure; /* NULL until asked for */
  signed char brings;  /* sys_headers_brings_std's answer, -1 until asked for */
  Header *next;        /* in its hash bucket */
};

enum { BUCKETS = 4096 };

struct SysHeaders {
  Strings dirs;        /* where <headers> are looked for, in order */
  SysApi api;
  Header *buckets[BUCKETS];
  Define *defines[BUCKETS]; /* by name */
  pthread_mutex_t lock;
};

SysHeaders *sys_headers_new(const Strings *const *dirs, size_t n, SysApi api) {
  SysHeaders *s = cm_xcalloc(1, sizeof *s);
  s->api = api;
  for (size_t k = 0; k < n; k++)
    for (size_t i = 0; dirs[k] && i < dirs[k]->len; i++)
      vec_push(&s->dirs, cm_xstrdup(dirs[k]->items[i]));
  pthread_mutex_init(&s->lock, NULL);
  return s;
}

static void closure_free(SysClosure *c) {
  if (c) {
    nameset_free(c->names);
    nameset_free(c->files);
    nameset_free(c->std_using);
    nameset_free(c->inner_using);
    nameset_free(c->declared);
  }
  free(c);
}

void sys_headers_free(SysHeaders *s) {
  if (!s)
    return;
  for (size_t b = 0; b < BUCKETS; b++)
    for (Header *h = s->buckets[b], *next; h; h = next) {
      next = h->next;
      free(h->path);
      cm_strings_free(&h->names);
      cm_strings_free(&h->std_using);
      cm_strings_free(&h->inner_using);
      cm_strings_free(&h->computed);
      nameset_free(h->declared);
      vec_free(&h->includes);
      closure_free(h->closure);
      free(h);
    }
  for (size_t b = 0; b < BUCKETS; b++)
    for (Define *d = s->defines[b], *next; d; d = next) {
      next = d->next;
      free(d->name);
      free(d->body);
      free(d);
    }
  cm_strings_free(&s->dirs);
  pthread_mutex_destroy(&s->lock);
  free(s);
}

static bool word_at(const char **p, const char *end, const char *w) {
  size_t n = strlen(w);
  if ((size_t)(end - *p) < n || strncmp(*p, w, n) != 0)
    return false;
  *p += n;
  return true;
}

static const char *skip_blanks(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  return p;
}

static void read_header(SysHeaders *s, Header *h);

/* The header at real path, read on first asking. */
static Header *header(SysHeaders *s, const char *real) {
  size_t b = (size_t)(cm_hash_str(CM_HASH_SEED, real) % BUCKETS);
  for (Header *h = s->buckets[b]; h; h = h->next)
    if (strcmp(h->path, real) == 0)
      return h;
  Header *h = cm_xcalloc(1, sizeof *h);
  h->path = cm_xstrdup(real);
  h->brings = -1;
  h->next = s->buckets[b];
  s->buckets[b] = h; /* before its includes are read: a header that includes itself ends there */
  read_header(s, h);
  return h;
}

typedef VEC(Header *) Headers;

/* Each folder's `name` (every one of them: #include_next and the folders'
 * order are not worth telling apart, and more names only leave more
 * conditions undecided), onto out. */
static void find_all(SysHeaders *s, const Header *from, bool quoted, const char *name, size_t n, Headers *out) {
  const char *slash = strrchr(from->path, '/');
  for (size_t i = quoted ? 0 : 1; i <= s->dirs.len; i++) {
    const char *dir = i ? s->dirs.items[i - 1] : from->path;
    size_t dir_len = i ? strlen(dir) : (size_t)(slash - from->path);
    char *p = cm_xasprintf("%.*s/%.*s", (int)dir_len, dir, (int)n, name);
    char *real = access(p, R_OK) == 0 && an_regular_file(p) ? realpath(p, NULL) : NULL;
    if (real)
      vec_push(out, header(s, real));
    free(real);
    free(p);
  }
}

static bool ident_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* After `#include` (or `#include_next`): the headers, a macro's name, or h open. */
static void read_include(SysHeaders *s, Header *h, const char *p, const char *eol) {
  if (p < eol && *p != ' ' && *p != '\t' && *p != '<' && *p != '"')
    return; /* "#include's protect themselves", a comment's words (limits.h) */
  p = skip_blanks(p, eol);
  char close = p < eol && *p == '<' ? '>' : p < eol && *p == '"' ? '"' : 0;
  const char *b = p + 1, *q = close ? memchr(b, close, (size_t)(eol - b)) : NULL;
  if (q) {
    Headers found = {0};
    find_all(s, h, close == '"', b, (size_t)(q - b), &found);
    for (size_t i = 0; i < found.len; i++)
      vec_push(&h->includes, ((Include){found.items[i], !memchr(b, '.', (size_t)(q - b))}));
    vec_free(&found);
    return;
  }
  const char *e = p;
  while (e < eol && ident_char(*e))
    e++;
  if (e > p && !(*p >= '0' && *p <= '9'))
    vec_push(&h->computed, cm_xstrndup(p, (size_t)(e - p)));
  else
    h->open = true;
}

static size_t bucket_of(const char *name, size_t n) { return (size_t)(cm_hash(CM_HASH_SEED, name, n) % BUCKETS); }

/* `#define NAME body` where the body may take part in a header's name: no
 * blanks, only what a path, <> or "" hold. */
static void read_define(SysHeaders *s, Header *h, const char *name, size_t n, const char *eol) {
  const char *b = skip_blanks(name + n, eol), *e = b;
  if (b == name + n || b >= eol)
    return; /* `NAME(args)`, or no body */
  while (e < eol && (ident_char(*e) || strchr("/.<>\"+-", *e)))
    e++;
  const char *rest = skip_blanks(e, eol);
  if (rest != eol && !(eol - rest >= 2 && rest[0] == '/' && (rest[1] == '/' || rest[1] == '*')))
    return;
  Define *d = cm_xcalloc(1, sizeof *d);
  *d = (Define){cm_xstrndup(name, n), cm_xstrndup(b, (size_t)(e - b)), h, NULL};
  size_t k = bucket_of(name, n);
  d->next = s->defines[k];
  s->defines[k] = d;
}

/* `using namespace std;` or `using std::...::NAME;` at token i (`using`). */
static void read_using(Header *h, const char *text, const LexTokens *t, size_t i) {
  const LexToken *k = t->items;
  if (i + 3 < t->len && an_lex_word_is(text, &k[i + 1], "namespace") && an_lex_word_is(text, &k[i + 2], "std") &&
      an_lex_word_is(text, &k[i + 3], ";")) {
    h->using_std = true;
    return;
  }
  if (i + 2 >= t->len || !an_lex_word_is(text, &k[i + 1], "std") || !an_lex_word_is(text, &k[i + 2], "::"))
    return;
  size_t j = i + 3;
  while (j + 1 < t->len && k[j].kind == CXToken_Identifier && an_lex_word_is(text, &k[j + 1], "::"))
    j += 2;
  if (j + 1 < t->len && k[j].kind == CXToken_Identifier && an_lex_word_is(text, &k[j + 1], ";"))
    vec_push(&h->std_using, cm_xstrndup(text + k[j].begin, k[j].end - k[j].begin));
}

/* `using std` or `using namespace std` somewhere in text, spaced any way. */
static bool mentions_using_std(const char *text, size_t len) {
  for (const char *p = text, *end = text + len; (p = memmem(p, (size_t)(end - p), "using", 5)); p += 5) {
    const char *q = p + 5;
    while (q < end && (*q == ' ' || *q == '\t' || *q == '\n'))
      q++;
    if (word_at(&q, end, "namespace"))
      while (q < end && (*q == ' ' || *q == '\t' || *q == '\n'))
        q++;
    if (word_at(&q, end, "std"))
      return true;
  }
  return false;
}

/* Its usings of std at file scope (in no braces but extern "C++" { }'s), and
 * apart those within braces. The braces of both sides of an #if count: where
 * they do not balance, every using of the header counts as a file scope's. */
static void read_usings(Header *h, const char *text, size_t len) {
  if (!mentions_using_std(text, len))
    return; /* most headers: no need for their tokens */
  LexTokens t = {0};
  an_lex(text, len, &t);
  VEC(bool) open = {0}; /* per open brace: a linkage block's */
  Header all = {0};
  bool balanced = true;
  for (size_t i = 0; i < t.len; i++) {
    const LexToken *k = &t.items[i];
    if (an_lex_word_is(text, k, "{"))
      vec_push(&open, i > 1 && t.items[i - 1].kind == CXToken_Literal && an_lex_word_is(text, &t.items[i - 2], "extern"));
    else if (an_lex_word_is(text, k, "}") && open.len)
      open.len--;
    else if (an_lex_word_is(text, k, "}"))
      balanced = false;
    else if (an_lex_word_is(text, k, "using")) {
      bool file_scope = true;
      for (size_t d = 0; d < open.len; d++)
        file_scope &= open.items[d];
      read_using(file_scope ? h : &all, text, &t, i);
    }
  }
  bool sure = balanced && !open.len;
  *(sure ? &h->inner_using_std : &h->using_std) |= all.using_std;
  for (size_t i = 0; i < all.std_using.len; i++)
    vec_push(sure ? &h->inner_using : &h->std_using, all.std_using.items[i]);
  all.std_using.len = 0;
  cm_strings_free(&all.std_using);
  vec_free(&open);
  vec_free(&t);
}

/* Its directive lines (#define names, and the headers it includes, read in
 * turn) and its usings of std. */
static void read_header(SysHeaders *s, Header *h) {
  char *text;
  size_t len;
  if (cm_read_file(h->path, &text, &len) != ST_OK) {
    h->open = true;
    return;
  }
  const char *end = text + len;
  for (const char *line = text; line < end;) {
    const char *eol = memchr(line, '\n', (size_t)(end - line));
    eol = eol ? eol : end;
    size_t n;
    const char *name = an_line_define(line, eol, &n), *p = skip_blanks(line, eol);
    if (name) {
      vec_push(&h->names, cm_xstrndup(name, n));
      read_define(s, h, name, n, eol);
    } else if (p < eol && *p == '#') {
      p = skip_blanks(p + 1, eol);
      if (word_at(&p, eol, "include")) {
        word_at(&p, eol, "_next");
        read_include(s, h, p, eol);
      }
    }
    line = eol + 1;
  }
  read_usings(h, text, len);
  if (s->api.is_api && s->api.is_api(h->path, s->api.ctx)) {
    SourceFile f = {.path = h->path, .text = text, .len = len};
    h->declared = nameset_new();
    lex_declared_names(&f, h->declared, h->declared);
  }
  free(text);
}

enum { MAX_EXPANSIONS = 16, MAX_DEPTH = 6 };

/* What text may expand to, its first macro a header of the closure defines
 * replaced by each body given it there, and so on, onto out; false where
 * that goes too deep or too wide to follow. */
static bool expand(SysHeaders *s, const SysClosure *c, const char *text, int depth, Strings *out) {
  for (const char *p = text; *p; p++) {
    if (!ident_char(*p) || (*p >= '0' && *p <= '9') || (p > text && ident_char(p[-1])))
      continue;
    const char *e = p;
    while (ident_char(*e))
      e++;
    bool ok = true, defined = false;
    for (Define *d = s->defines[bucket_of(p, (size_t)(e - p))]; d && ok; d = d->next) {
      if (strlen(d->name) != (size_t)(e - p) || strncmp(d->name, p, (size_t)(e - p)) != 0 ||
          !nameset_has(c->files, d->in->path, strlen(d->in->path)))
        continue;
      defined = true;
      char *next = cm_xasprintf("%.*s%s%s", (int)(p - text), text, d->body, e);
      ok = depth < MAX_DEPTH && expand(s, c, next, depth + 1, out);
      free(next);
    }
    if (defined)
      return ok;
    p = e - 1;
  }
  vec_push(out, cm_xstrdup(text));
  return out->len <= MAX_EXPANSIONS;
}

/* A `#include MACRO` line of h: the headers it may include, as the closure so
 * far defines the macros, onto found; false where one is no header's name. */
static bool resolve_computed(SysHeaders *s, const SysClosure *c, const Header *h, const char *macro, Headers *found) {
  Strings names = {0};
  bool ok = expand(s, c, macro, 0, &names);
  for (size_t k = 0; k < names.len && ok; k++) {
    const char *n = names.items[k];
    size_t len = strlen(n);
    ok = len > 2 && ((n[0] == '<' && n[len - 1] == '>') || (n[0] == '"' && n[len - 1] == '"'));
    if (ok)
      find_all(s, h, n[0] == '"', n + 1, len - 2, found);
  }
  cm_strings_free(&names);
  return ok;
}

/* The computed includes of the closure's headers: the headers they may
 * include that it lacks, onto todo; false where one cannot be followed. */
static bool resolve_all(SysHeaders *s, const SysClosure *c, const Headers *computed, Headers *todo) {
  bool all = true;
  Headers found = {0};
  for (size_t i = 0; i < computed->len; i++)
    for (size_t k = 0; k < computed->items[i]->computed.len; k++)
      all &= resolve_computed(s, c, computed->items[i], computed->items[i]->computed.items[k], &found);
  for (size_t i = 0; i < found.len; i++)
    if (!nameset_has(c->files, found.items[i]->path, strlen(found.items[i]->path)))
      vec_push(todo, found.items[i]);
  vec_free(&found);
  return all;
}

/* The headers on todo and those they include, into c; those with computed
 * includes onto computed. */
static void add_to(void *set, const char *name) { nameset_add(set, name); }

static void take_headers(SysClosure *c, Headers *todo, Headers *computed) {
  while (todo->len) {
    Header *h = todo->items[--todo->len];
    if (nameset_has(c->files, h->path, strlen(h->path)))
      continue;
    nameset_add(c->files, h->path);
    c->open |= h->open;
    for (size_t i = 0; i < h->names.len; i++)
      nameset_add(c->names, h->names.items[i]);
    c->inner_using_std |= h->inner_using_std;
    for (size_t i = 0; i < h->inner_using.len; i++)
      nameset_add(c->inner_using, h->inner_using.items[i]);
    if (h->declared)
      nameset_each(h->declared, add_to, c->declared);
    for (size_t i = 0; i < h->includes.len; i++)
      vec_push(todo, h->includes.items[i].to);
    if (h->computed.len)
      vec_push(computed, h);
  }
}

/* The file-scope usings of the headers top reaches but through one the
 * prelude included (whose guard is defined when a file includes it), the
 * computed includes followed as the whole closure defines their macros. */
static void take_usings(SysHeaders *s, SysClosure *c, Header *top) {
  NameSet *seen = nameset_new();
  Headers todo = {0};
  vec_push(&todo, top);
  while (todo.len) {
    Header *h = todo.items[--todo.len];
    if (h->parsed || nameset_has(seen, h->path, strlen(h->path)))
      continue;
    nameset_add(seen, h->path);
    c->usings_open |= h->open;
    c->using_std |= h->using_std;
    for (size_t i = 0; i < h->std_using.len; i++)
      nameset_add(c->std_using, h->std_using.items[i]);
    for (size_t i = 0; i < h->includes.len; i++)
      vec_push(&todo, h->includes.items[i].to);
    for (size_t i = 0; i < h->computed.len; i++)
      c->usings_open |= !resolve_computed(s, c, h, h->computed.items[i], &todo);
  }
  vec_free(&todo);
  nameset_free(seen);
}

/* Every header top reaches, its #include MACRO lines followed as far as the
 * headers reached define their macros: rounds until no header is new (a
 * macro may be defined by a header a computed include reaches). */
static SysClosure *closure_of(SysHeaders *s, Header *top) {
  SysClosure *c = cm_xcalloc(1, sizeof *c);
  c->names = nameset_new();
  c->files = nameset_new();
  c->std_using = nameset_new();
  c->inner_using = nameset_new();
  c->declared = nameset_new();
  Headers todo = {0}, computed = {0};
  vec_push(&todo, top);
  bool followed;
  do {
    take_headers(c, &todo, &computed);
    followed = resolve_all(s, c, &computed, &todo);
  } while (todo.len);
  c->open |= !followed;
  take_usings(s, c, top);
  vec_free(&todo);
  vec_free(&computed);
  return c;
}

const SysClosure *sys_headers_closure(SysHeaders *s, const char *path) {
  pthread_mutex_lock(&s->lock);
  char *real = realpath(path, NULL);
  Header *h = header(s, real ? real : path);
  if (!h->closure)
    h->closure = closure_of(s, h);
  free(real);
  pthread_mutex_unlock(&s->lock);
  return h->closure;
}

bool sys_closure_has(const SysClosure *c, const char *real_path) {
  return nameset_has(c->files, real_path, strlen(real_path));
}

bool sys_closure_may_define(const SysClosure *c, const char *name, size_t n) {
  return c->open || nameset_has(c->names, name, n);
}

static void forget_declared(void *ctx, const char *path) {
  Header *h = header(ctx, path);
  nameset_free(h->declared);
  h->declared = NULL;
}

static void mark_parsed(void *ctx, const char *path) { header(ctx, path)->parsed = true; }

void sys_headers_leave_out(SysHeaders *s, const Strings *roots, const PreludeScope *scope) {
  pthread_mutex_lock(&s->lock);
  nameset_each(scope->files, mark_parsed, s);
  for (size_t i = 0; i < roots->len; i++) {
    char *real = realpath(roots->items[i], NULL);
    Header *h = header(s, real ? real : roots->items[i]);
    if (!h->closure)
      h->closure = closure_of(s, h);
    nameset_each(h->closure->files, forget_declared, s);
    nameset_free(h->closure->declared);
    h->closure->declared = nameset_new();
    nameset_each(scope->usings, add_to, h->closure->std_using); /* its own are none: it is parsed */
    h->closure->using_std = scope->using_std;
    free(real);
  }
  pthread_mutex_unlock(&s->lock);
}

bool sys_closure_declares(const SysClosure *c, const char *name, size_t n) {
  return nameset_has(c->declared, name, n);
}

bool sys_closure_may_use_std(const SysClosure *c, const char *name, size_t n, bool inner) {
  return c->usings_open || c->using_std || nameset_has(c->std_using, name, n) ||
         (inner && (c->open || c->inner_using_std || nameset_has(c->inner_using, name, n)));
}

/* Through the CUDA side of top's closure, an #include without extension of a
 * header neither CUDA's nor one `known`. Only a whole search's answer is kept:
 * one cut short by a cycle would not be. */
static bool brings_std(Header *top, const SysSide *side) {
  NameSet *seen = nameset_new();
  VEC(Header *) todo = {0};
  vec_push(&todo, top);
  bool brings = false;
  while (todo.len && !brings) {
    Header *h = todo.items[--todo.len];
    if (nameset_has(seen, h->path, strlen(h->path)))
      continue;
    nameset_add(seen, h->path);
    brings = h->brings > 0 || h->open || h->computed.len; /* `#include MACRO` may name any header */
    for (size_t i = 0; h->brings < 0 && i < h->includes.len && !brings; i++) {
      const Include *in = &h->includes.items[i];
      if (side->cuda(in->to->path, side->ctx))
        vec_push(&todo, in->to);
      else
        brings = in->bare && !side->known(in->to->path, side->ctx);
    }
  }
  vec_free(&todo);
  nameset_free(seen);
  top->brings = brings;
  return brings;
}

bool sys_headers_brings_std(SysHeaders *s, const char *path, const SysSide *side) {
  pthread_mutex_lock(&s->lock);
  char *real = realpath(path, NULL);
  bool brings = brings_std(header(s, real ? real : path), side);
  free(real);
  pthread_mutex_unlock(&s->lock);
  return brings;
}
