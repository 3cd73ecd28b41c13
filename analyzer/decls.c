/* The names a set of headers declares, read from libclang's tree: what the CUDA
 * headers offer (so a CUDA name the rules miss is still seen) and what the
 * installed HIP headers offer (so the rules can be held against them). */
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

struct NameSet {
  char **slots;
  size_t mask, count;
};

static size_t hash(const char *s, size_t n) {
  size_t h = 1469598103934665603u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211u;
  return h;
}

NameSet *nameset_new(void) {
  NameSet *s = cm_xcalloc(1, sizeof *s);
  s->mask = 1023;
  s->slots = cm_xcalloc(s->mask + 1, sizeof *s->slots);
  return s;
}

static char **find_slot(const NameSet *s, const char *name, size_t len) {
  for (size_t i = hash(name, len) & s->mask;; i = (i + 1) & s->mask) {
    char *k = s->slots[i];
    if (!k || (strncmp(k, name, len) == 0 && k[len] == '\0'))
      return &s->slots[i];
  }
}

static void grow(NameSet *s) {
  char **old = s->slots;
  size_t cap = s->mask + 1;
  s->mask = cap * 2 - 1;
  s->slots = cm_xcalloc(cap * 2, sizeof *s->slots);
  for (size_t i = 0; i < cap; i++)
    if (old[i])
      *find_slot(s, old[i], strlen(old[i])) = old[i];
  free(old);
}

void nameset_add(NameSet *s, const char *name) {
  if ((s->count + 1) * 2 > s->mask + 1)
    grow(s);
  char **slot = find_slot(s, name, strlen(name));
  if (!*slot) {
    *slot = cm_xstrdup(name);
    s->count++;
  }
}

bool nameset_has(const NameSet *s, const char *name, size_t len) { return *find_slot(s, name, len) != NULL; }

void nameset_each(const NameSet *s, void (*fn)(void *ctx, const char *name), void *ctx) {
  for (size_t i = 0; i <= s->mask; i++)
    if (s->slots[i])
      fn(ctx, s->slots[i]);
}

void nameset_free(NameSet *s) {
  if (!s)
    return;
  for (size_t i = 0; i <= s->mask; i++)
    free(s->slots[i]);
  free(s->slots);
  free(s);
}

typedef struct {
  const char *under;
  size_t under_len;
  DeclSink sink;
  void *ctx;
} DeclWalk;

/* Declarations in `under`, or in clang's own CUDA/HIP wrapper headers, which
 * declare the device intrinsics the toolkit leaves to the compiler. */
static bool wanted_file(const DeclWalk *w, const char *path) {
  if (strncmp(path, w->under, w->under_len) == 0 && path[w->under_len] == '/')
    return true;
  const char *base = strrchr(path, '/');
  return strncmp(base ? base + 1 : path, "__clang_", 8) == 0;
}

static bool is_named_decl(enum CXCursorKind k) {
  switch (k) {
  case CXCursor_FunctionDecl: case CXCursor_FunctionTemplate: case CXCursor_VarDecl:
  case CXCursor_TypedefDecl: case CXCursor_TypeAliasDecl: case CXCursor_StructDecl:
  case CXCursor_UnionDecl: case CXCursor_ClassDecl: case CXCursor_ClassTemplate:
  case CXCursor_EnumDecl: case CXCursor_EnumConstantDecl: case CXCursor_MacroDefinition:
    return true;
  default:
    return false;
  }
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data) {
  DeclWalk *w = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
    return CXChildVisit_Recurse;
  if (!is_named_decl(k))
    return CXChildVisit_Continue;
  CXFile file;
  clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
  CXString fname = clang_getFileName(file), name = clang_getCursorSpelling(c);
  const char *path = clang_getCString(fname), *spelling = clang_getCString(name);
  if (path && spelling && *spelling && wanted_file(w, path))
    w->sink(w->ctx, spelling, path);
  clang_disposeString(fname);
  clang_disposeString(name);
  return k == CXCursor_EnumDecl ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

void visit_declarations(CXTranslationUnit tu, const char *under, DeclSink sink, void *ctx) {
  DeclWalk w = {.under = under, .under_len = strlen(under), .sink = sink, .ctx = ctx};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &w);
}

Status an_declared_names(const char *source, const char *const *args, int nargs, const char *under, DeclSink sink,
                         void *ctx) {
  CXIndex index = libclang_index();
  struct CXUnsavedFile file = {.Filename = "hipport-declarations.cpp", .Contents = source,
                               .Length = strlen(source)};
  CXTranslationUnit tu = NULL;
  Status st = ST_OK;
  if (clang_parseTranslationUnit2(index, file.Filename, args, nargs, &file, 1,
                                  CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_Incomplete,
                                  &tu) != CXError_Success) {
    st = cm_fail(ST_ENV, "libclang could not parse the headers under %s", under);
  } else {
    visit_declarations(tu, under, sink, ctx);
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  return st;
}
