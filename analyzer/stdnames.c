/* The C++ standard headers a CUDA file gets only through the CUDA headers.
 * nvcc's and clang's CUDA headers include <cmath>, <cstdlib>, <new> and more, so
 * CUDA code can call std::min or host isfinite without including anything; HIP's
 * headers stopped doing that in ROCm 7.0. libclang says, for every file of a
 * translation unit, through which chain of #includes it came in: where the chain
 * leaves the CUDA headers (or clang's CUDA wrappers, or the implicit prelude) for
 * a header spelled without an extension, that header is the one a port must
 * include. The map holds every file reached that way, by path, so the file a
 * declaration lives in (bits/stl_algobase.h) names the header (<cmath>). */
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

typedef struct {
  char *path, *header;
} StdEntry;

struct StdMap {
  VEC(StdEntry) items;   /* sorted by path once read */
};

StdMap *std_map_new(void) { return cm_xcalloc(1, sizeof(StdMap)); }

void std_map_free(StdMap *m) {
  if (!m)
    return;
  for (size_t i = 0; i < m->items.len; i++) {
    free(m->items.items[i].path);
    free(m->items.items[i].header);
  }
  vec_free(&m->items);
  free(m);
}

static char *file_path(CXFile f) {
  CXString s = clang_getFileName(f);
  char *p = clang_getCString(s) ? cm_xstrdup(clang_getCString(s)) : NULL;
  clang_disposeString(s);
  return p;
}

bool an_cuda_side(const ParseEnv *env, const char *path) {
  if (!path)
    return true;
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  return is_cuda_header_path(env, path) || strstr(path, "/cuda_wrappers/") || strncmp(base, "__clang_cuda", 12) == 0 ||
         cm_path_inside(env->compat_include, path);
}

/* The header name an #include directive at `loc` spells: <cmath> gives cmath. */
static char *spelled_include(CXTranslationUnit tu, CXSourceLocation loc) {
  CXFile file;
  unsigned off;
  clang_getExpansionLocation(loc, &file, NULL, NULL, &off);
  size_t size;
  const char *text = file ? clang_getFileContents(tu, file, &size) : NULL;
  if (!text || off >= size)
    return NULL;
  const char *p = text + off, *end = text + size;
  while (p < end && *p != '<' && *p != '"' && *p != '\n')
    p++;
  if (p >= end || *p == '\n')
    return NULL;
  char close = *p == '<' ? '>' : '"';
  const char *b = ++p;
  while (p < end && *p != close && *p != '\n')
    p++;
  return p < end && *p == close ? cm_xstrndup(b, (size_t)(p - b)) : NULL;
}

typedef struct {
  StdMap *m;
  const ParseEnv *env;
  CXTranslationUnit tu;
} Reading;

typedef enum { SIDE_CUDA, SIDE_USER, SIDE_SYSTEM } Side;

/* loc: any location in the file at path. */
static Side side_of(const ParseEnv *env, const char *path, CXSourceLocation loc) {
  if (an_cuda_side(env, path))
    return SIDE_CUDA;
  return in_system_header(env, loc) ? SIDE_SYSTEM : SIDE_USER;
}

static int by_path(const void *a, const void *b) { return strcmp(((const StdEntry *)a)->path, ((const StdEntry *)b)->path); }

/* stack[0] is the #include that brought `file` in, stack[n-1] the outermost.
 * Walking inwards through the user's and CUDA's headers, the first step from a
 * CUDA header into another system header names the standard header; a step from
 * the user's code into one means the user included it. */
static void on_inclusion(CXFile file, CXSourceLocation *stack, unsigned n, CXClientData data) {
  Reading *r = data;
  char *inner = file_path(file);
  for (unsigned k = n; k-- > 0 && inner;) {
    CXFile includer;
    clang_getExpansionLocation(stack[k], &includer, NULL, NULL, NULL);
    char *outer = includer ? file_path(includer) : NULL;
    CXSourceLocation at = k > 0 ? stack[k - 1] : clang_getLocationForOffset(r->tu, file, 0);
    CXFile f;
    clang_getExpansionLocation(at, &f, NULL, NULL, NULL);
    char *included = k > 0 ? file_path(f) : cm_xstrdup(inner);
    Side from = outer ? side_of(r->env, outer, stack[k]) : SIDE_CUDA, to = side_of(r->env, included, at);
    free(outer);
    free(included);
    if (to != SIDE_SYSTEM)
      continue;
    char *header = from == SIDE_CUDA ? spelled_include(r->tu, stack[k]) : NULL;
    if (header && !strchr(header, '.')) {
      vec_push(&r->m->items, ((StdEntry){inner, header}));
      return;
    }
    free(header);
    break;
  }
  free(inner);
}

void std_map_read(StdMap *m, CXTranslationUnit tu, const ParseEnv *env) {
  Reading r = {m, env, tu};
  clang_getInclusions(tu, on_inclusion, &r);
  std_map_sort(m);
}

void std_map_add(StdMap *m, const char *path, const char *header) {
  vec_push(&m->items, ((StdEntry){cm_xstrdup(path), cm_xstrdup(header)}));
}

void std_map_sort(StdMap *m) {
  vec_sort(&m->items, by_path);
}

void std_map_each(const StdMap *m, void (*fn)(void *ctx, const char *path, const char *header), void *ctx) {
  for (size_t i = 0; i < m->items.len; i++)
    fn(ctx, m->items.items[i].path, m->items.items[i].header);
}

const char *std_map_header(const StdMap *m, const char *path) {
  if (!m || !m->items.len)
    return NULL;
  StdEntry key = {.path = (char *)path};
  const StdEntry *e = bsearch(&key, m->items.items, m->items.len, sizeof key, by_path);
  return e ? e->header : NULL;
}

const char *an_include_target(const char *hash, const char *end, size_t *len) {
  const char *q = hash + 1;
  while (q < end && (*q == ' ' || *q == '\t'))
    q++;
  if (end - q < 7 || strncmp(q, "include", 7) != 0)
    return NULL;
  q += 7;
  while (q < end && (*q == ' ' || *q == '\t'))
    q++;
  if (q >= end || (*q != '<' && *q != '"'))
    return NULL;
  char close = *q == '<' ? '>' : '"';
  const char *b = ++q;
  while (q < end && *q != close && *q != '\n')
    q++;
  *len = (size_t)(q - b);
  return q < end && *q == close ? b : NULL;
}

const char *an_line_include(const char *line, const char *end, size_t *len) {
  while (line < end && (*line == ' ' || *line == '\t'))
    line++;
  return line < end && *line == '#' ? an_include_target(line, end, len) : NULL;
}

static const char *blanks_after(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  return p;
}

bool an_line_computed_include(const char *line, const char *end) {
  const char *p = blanks_after(line, end);
  if (p >= end || *p != '#')
    return false;
  p = blanks_after(p + 1, end);
  if (end - p < 8 || strncmp(p, "include", 7) != 0)
    return false;
  p += 7;
  if (end - p >= 5 && strncmp(p, "_next", 5) == 0)
    p += 5;
  p = blanks_after(p, end);
  return p < end && (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'));
}

const char *an_line_define(const char *line, const char *end, size_t *len) {
  const char *p = blanks_after(line, end);
  if (p >= end || *p != '#')
    return NULL;
  p = blanks_after(p + 1, end);
  if (end - p < 7 || strncmp(p, "define", 6) != 0 || (p[6] != ' ' && p[6] != '\t'))
    return NULL;
  const char *b = blanks_after(p + 6, end), *e = b;
  while (e < end && (*e == '_' || (*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') || (e > b && *e >= '0' && *e <= '9')))
    e++;
  *len = (size_t)(e - b);
  return e > b ? b : NULL;
}

/* Every `#include <X>` / "X" of a file's text, by name. */
static void scan_includes(const char *text, size_t size, NameSet *out) {
  for (const char *p = text, *end = text + size; p < end; p++) {
    if (*p != '#' || (p > text && p[-1] != '\n' && p[-1] != ' ' && p[-1] != '\t'))
      continue;
    size_t n;
    const char *b = an_include_target(p, end, &n);
    if (b) {
      char *name = cm_xstrndup(b, n);
      nameset_add(out, name);
      free(name);
    }
  }
}

typedef struct {
  const ParseEnv *env;
  CXTranslationUnit tu;
  NameSet *out;
} UserIncludes;

/* The main file (no stack) and the project's own headers it reached through
 * project headers only. */
static void on_user_file(CXFile file, CXSourceLocation *stack, unsigned n, CXClientData data) {
  UserIncludes *u = data;
  for (unsigned k = 0; k < n; k++)
    if (in_system_header(u->env, stack[k]))
      return;
  char *path = file_path(file);
  bool user = path && !an_cuda_side(u->env, path) && !in_system_header(u->env, clang_getLocationForOffset(u->tu, file, 0));
  free(path);
  size_t size;
  const char *text = user ? clang_getFileContents(u->tu, file, &size) : NULL;
  if (text)
    scan_includes(text, size, u->out);
}

void std_user_includes(CXTranslationUnit tu, const ParseEnv *env, NameSet *out) {
  UserIncludes u = {env, tu, out};
  clang_getInclusions(tu, on_user_file, &u);
}

/* ---- what a reading without the tree needs from the prelude ---- */

typedef struct {
  CXTranslationUnit tu;
  Strings *dirs, *roots;
  NameSet *files;
} Folders;

static void add_once(Strings *s, const char *v) {
  for (size_t i = 0; i < s->len; i++)
    if (strcmp(s->items[i], v) == 0)
      return;
  vec_push(s, cm_xstrdup(v));
}

/* A file reached by `#include <a/b.h>` at /x/y/a/b.h was found in /x/y. */
static void on_prelude_file(CXFile file, CXSourceLocation *stack, unsigned n, CXClientData data) {
  Folders *fo = data;
  char *path = file_path(file);
  CXFile includer = NULL;
  if (n)
    clang_getExpansionLocation(stack[0], &includer, NULL, NULL, NULL);
  char *spelled = path && includer ? spelled_include(fo->tu, stack[0]) : NULL;
  size_t pl = path ? strlen(path) : 0, sl = spelled ? strlen(spelled) : 0;
  char *real = path ? realpath(path, NULL) : NULL;
  if (real && n)
    nameset_add(fo->files, real);
  free(real);
  if (path && n && !includer)
    add_once(fo->roots, path); /* what the driver includes before the file: clang's CUDA wrapper, -include */
  else if (spelled && pl > sl && path[pl - sl - 1] == '/' && strcmp(path + pl - sl, spelled) == 0) {
    path[pl - sl - 1] = '\0';
    add_once(fo->dirs, path);
  }
  free(spelled);
  free(path);
}

void prelude_folders(CXTranslationUnit tu, Strings *dirs, Strings *roots, NameSet *files) {
  Folders fo = {tu, dirs, roots, files};
  clang_getInclusions(tu, on_prelude_file, &fo);
}

typedef struct {
  const StdMap *via_cuda;
  StdMap *out;
  NameSet *taken;
} StdNames;

/* The names namespace std (and the namespaces in it) declares in the standard
 * headers the prelude has only through the CUDA headers, with that header.
 * Not those it only takes from the C library (`using ::malloc;`): a use of one
 * is the C library's (a parse gives no std name for it), qualified or not. */
static enum CXChildVisitResult visit_std(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  StdNames *s = data;
  CXFile file;
  clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
  char *path = file ? file_path(file) : NULL;
  const char *header = path ? std_map_header(s->via_cuda, path) : NULL;
  CXString name = clang_getCursorSpelling(c);
  if (header && *clang_getCString(name) && clang_getCursorKind(c) != CXCursor_UsingDeclaration)
    std_map_add(s->out, clang_getCString(name), header);
  else if (header && *clang_getCString(name))
    nameset_add(s->taken, clang_getCString(name));
  clang_disposeString(name);
  free(path);
  return clang_getCursorKind(c) == CXCursor_Namespace ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

static enum CXChildVisitResult find_std(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
    return CXChildVisit_Recurse; /* extern "C++" { namespace std { ... } } (cmath, std_abs.h) */
  CXString name = clang_getCursorSpelling(c);
  if (k == CXCursor_Namespace && strcmp(clang_getCString(name), "std") == 0)
    clang_visitChildren(c, visit_std, data);
  clang_disposeString(name);
  return CXChildVisit_Continue;
}

void prelude_std_names(CXTranslationUnit tu, const StdMap *via_cuda, StdMap *out, NameSet *taken) {
  StdNames s = {via_cuda, out, taken};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), find_std, &s);
  std_map_sort(out);
}

typedef struct {
  const ParseEnv *env;
  NameSet *out;
} CDoubles;

static bool all_double(CXType fn) {
  int n = clang_getNumArgTypes(fn);
  bool all = n > 0 && clang_getResultType(fn).kind == CXType_Double;
  for (int i = 0; i < n && all; i++)
    all = clang_getArgType(fn, (unsigned)i).kind == CXType_Double;
  return all;
}

/* A call of such a function with doubles picks it over std's overloads
 * (float, long double, the integer templates) that libstdc++'s <math.h>
 * brings beside it. clang's CUDA wrappers declare the same names for the
 * device: those are not the C library's. */
static enum CXChildVisitResult find_c_double(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  CDoubles *d = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
    return CXChildVisit_Recurse;
  if (k != CXCursor_FunctionDecl || !all_double(clang_getCursorType(c)) ||
      !in_system_header(d->env, clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  CXFile file;
  clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
  char *path = file ? file_path(file) : NULL;
  if (path && !an_cuda_side(d->env, path)) {
    CXString name = clang_getCursorSpelling(c);
    char *key = cm_xasprintf("%s/%d", clang_getCString(name), clang_getNumArgTypes(clang_getCursorType(c)));
    nameset_add(d->out, key);
    free(key);
    clang_disposeString(name);
  }
  free(path);
  return CXChildVisit_Continue;
}

void prelude_c_doubles(CXTranslationUnit tu, const ParseEnv *env, NameSet *out) {
  CDoubles d = {env, out};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), find_c_double, &d);
}

typedef struct {
  const ParseEnv *env;
  PreludeScope *scope;
  NameSet *c_types;
} FileScope;

/* The namespace a using-declaration or -directive names first is std. */
static enum CXChildVisitResult names_std(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_NamespaceRef) {
    CXString s = clang_getCursorSpelling(c);
    *(bool *)data = strcmp(clang_getCString(s), "std") == 0;
    clang_disposeString(s);
  }
  return clang_getCursorKind(c) == CXCursor_NamespaceRef ? CXChildVisit_Break : CXChildVisit_Continue;
}

static enum CXChildVisitResult visit_file_scope(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  FileScope *f = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
    return CXChildVisit_Recurse;
  bool std = false;
  if (k == CXCursor_UsingDeclaration || k == CXCursor_UsingDirective)
    clang_visitChildren(c, names_std, &std);
  CXString name = clang_getCursorSpelling(c);
  const char *s = clang_getCString(name);
  if (std && k == CXCursor_UsingDirective)
    f->scope->using_std = true;
  else if (std)
    nameset_add(f->scope->usings, s);
  else if (k == CXCursor_TypedefDecl && std_map_header(f->env->std_names, s) &&
           in_system_header(f->env, clang_getCursorLocation(c)))
    nameset_add(f->c_types, s);
  clang_disposeString(name);
  return CXChildVisit_Continue;
}

void prelude_file_scope(CXTranslationUnit tu, const ParseEnv *env, PreludeScope *scope, NameSet *c_types) {
  FileScope f = {env, scope, c_types};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_file_scope, &f);
}

const char *std_map_single(const StdMap *m, const char *key) {
  const char *one = NULL;
  for (size_t i = 0; m && i < m->items.len; i++)
    if (strcmp(m->items.items[i].path, key) == 0) {
      if (one && strcmp(one, m->items.items[i].header) != 0)
        return NULL;
      one = m->items.items[i].header;
    }
  return one;
}

bool std_map_all_in(const StdMap *m, const char *key, const NameSet *headers) {
  for (size_t i = 0; m && i < m->items.len; i++)
    if (strcmp(m->items.items[i].path, key) == 0 &&
        !nameset_has(headers, m->items.items[i].header, strlen(m->items.items[i].header)))
      return false;
  return true;
}

typedef struct {
  CXTranslationUnit tu;
  const ParseEnv *env;
  StdMap *out;
} Values;

/* `#define CUDART_VERSION 13000` in a CUDA header: the name and its number. */
static enum CXChildVisitResult visit_macro(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Values *v = data;
  if (clang_getCursorKind(c) != CXCursor_MacroDefinition || clang_Cursor_isMacroFunctionLike(c))
    return CXChildVisit_Continue;
  CXFile file;
  clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
  char *path = file ? file_path(file) : NULL;
  CXToken *toks = NULL;
  unsigned n = 0;
  if (path && is_cuda_header_path(v->env, path))
    clang_tokenize(v->tu, clang_getCursorExtent(c), &toks, &n);
  if (n == 2 && clang_getTokenKind(toks[1]) == CXToken_Literal) {
    CXString name = clang_getTokenSpelling(v->tu, toks[0]), value = clang_getTokenSpelling(v->tu, toks[1]);
    const char *s = clang_getCString(value);
    if (s[0] >= '0' && s[0] <= '9')
      std_map_add(v->out, clang_getCString(name), s);
    clang_disposeString(name);
    clang_disposeString(value);
  }
  if (toks)
    clang_disposeTokens(v->tu, toks, n);
  free(path);
  return CXChildVisit_Continue;
}

void prelude_values(CXTranslationUnit tu, const ParseEnv *env, StdMap *out) {
  Values v = {tu, env, out};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_macro, &v);
  std_map_sort(out);
}
