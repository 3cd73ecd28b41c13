/* From clang's tokens and tree to facts. Every token of the file comes from one
 * clang_tokenize over the whole text, so code in disabled #if branches and in
 * macro bodies is seen; clang_getSkippedRanges says which tokens were disabled.
 * When the parse succeeded, clang_annotateTokens ties each active token to the
 * declaration it names, which tells a CUDA entity from a user's own name, and a
 * standard name the file has only through the CUDA headers (stdnames.c). The
 * same tokens say where constant expressions are required (constants.c). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer_p.h"

typedef LexRange Range;

typedef struct {
  unsigned callee;        /* offset of the called name */
  char *type;
  bool scalar;
} Pointee;

typedef struct {
  const ParseEnv *env;
  const Candidate *cand;  /* its flags, where read from tokens; NULL: the scan's */
  CXTranslationUnit tu;
  CXFile file;
  SourceFile *f;
  char *joined;           /* the text libclang read where it joined spaced chevrons; else NULL */
  bool parsed;
  CXToken *tokens;        /* libclang's, when there is a tree */
  CXCursor *cursors;      /* per token, when parsed */
  unsigned ntokens;
  Range *tok;             /* per token: byte range */
  CXTokenKind *kind;      /* per token */
  LexRanges skipped;      /* preprocessor-skipped ranges */
  VEC(Range) defines;     /* #define lines, continuations included */
  VEC(Range) device_fns;  /* bodies of __global__/__device__ functions */
  VEC(Range) device_only; /* those of them not also __host__: code never compiled for the host */
  StdMap *own_std;        /* standard headers the file's own CUDA includes brought in */
  NameSet *user_includes; /* headers the file and its project headers include */
  NameSet *std_seen;      /* standard names already reported */
  NameSet *own_names;     /* what the scanned tree defines: the file's macros, and with the
                             tree, whatever the file and its project headers declare */
  NameSet *kernel_templates; /* function templates with __global__/__device__, by name */
  VEC(Pointee) pointees;  /* calls of CUDA names whose first argument is a pointer, by callee offset */
  LexScopes *scopes;      /* what the file declares, read from its tokens, where there is no tree */
} Reader;

/* libclang's own name for a cursor kind; its strings are static, so no dispose. */
static const char *kind_spelling(enum CXCursorKind k) { return clang_getCString(clang_getCursorKindSpelling(k)); }

/* The file being read is the one parsed, or a header read from its includer's tree. */
static bool in_this_file(const Reader *r, CXSourceLocation loc) {
  if (!r->f->parsed_with)
    return clang_Location_isFromMainFile(loc);
  CXFile at;
  clang_getExpansionLocation(loc, &at, NULL, NULL, NULL);
  return at && clang_File_isEqual(at, r->file);
}

static Range token_range(Reader *r, CXToken t) {
  CXSourceRange ext = clang_getTokenExtent(r->tu, t);
  unsigned b, e;
  clang_getFileLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &b);
  clang_getFileLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
  return (Range){b, e};
}

static bool in_ranges(const Range *rs, size_t n, unsigned off) {
  for (size_t i = 0; i < n; i++)
    if (off >= rs[i].begin && off < rs[i].end)
      return true;
  return false;
}

/* The text the tokens' offsets count in. */
static const char *tok_text(const Reader *r) { return r->joined ? r->joined : r->f->text; }

static bool tok_is(const Reader *r, unsigned i, const char *s) {
  size_t n = strlen(s);
  return i < r->ntokens && r->tok[i].end - r->tok[i].begin == n && memcmp(tok_text(r) + r->tok[i].begin, s, n) == 0;
}

static Fact *add_fact(Reader *r, FactKind kind, unsigned off, unsigned len, char *name, const char *cursor,
                      bool in_macro) {
  Fact fact = {.kind = kind, .offset = off, .length = len, .name = name, .cursor = cursor, .in_macro = in_macro,
               .params = -1,
               .disabled = in_ranges(r->skipped.items, r->skipped.len, off)};
  fact.host_code = r->parsed && !fact.disabled && !in_macro && !in_ranges(r->device_only.items, r->device_only.len, off);
  an_location(r->f, off, &fact.line, &fact.column);
  vec_push(&r->f->facts, fact);
  return &r->f->facts.items[r->f->facts.len - 1];
}

/* ---- the text: lines, and a copy with comments and literals blanked ---- */

bool an_line_ends(const char *text, size_t len, size_t i) {
  return text[i] == '\n' || (text[i] == '\r' && (i + 1 >= len || text[i + 1] != '\n'));
}

void facts_index_lines(SourceFile *f) {
  vec_push(&f->line_starts, 0u);
  for (size_t i = 0; i < f->len; i++)
    if (an_line_ends(f->text, f->len, i))
      vec_push(&f->line_starts, (unsigned)(i + 1));
  f->eol = memmem(f->text, f->len, "\r\n", 2) ? "\r\n" : memchr(f->text, '\n', f->len) ? "\n"
           : memchr(f->text, '\r', f->len)                 ? "\r"
                                                          : "\n";
  f->bom = f->len >= 3 && memcmp(f->text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

void an_forget_facts(SourceFile *f) {
  for (size_t i = 0; i < f->facts.len; i++) {
    free(f->facts.items[i].name);
    free(f->facts.items[i].aliased);
    free(f->facts.items[i].declared_by);
    free(f->facts.items[i].pointee);
    free(f->facts.items[i].expansion);
    free(f->facts.items[i].qualifiers);
  }
  vec_free(&f->facts);
  vec_free(&f->line_starts);
  vec_free(&f->constants);
  free(f->code_only);
  f->code_only = NULL;
}

void an_location(const SourceFile *f, unsigned offset, unsigned *line, unsigned *column) {
  size_t lo = 0, hi = f->line_starts.len;
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (f->line_starts.items[mid] <= offset)
      lo = mid;
    else
      hi = mid;
  }
  *line = (unsigned)lo + 1;
  *column = offset - f->line_starts.items[lo] + 1;
}

static bool is_string_literal(const char *s, size_t n) {
  const char *q = memchr(s, '"', n), *a = memchr(s, '\'', n);
  return (q && (size_t)(q - s) < 4) || (a && (size_t)(a - s) < 4 && !(s[0] >= '0' && s[0] <= '9'));
}

static void blank(SourceFile *f, unsigned from, unsigned to) {
  for (unsigned p = from; p < to; p++)
    if (f->code_only[p] != '\n')
      f->code_only[p] = ' ';
}

/* Pattern hazards read this: a name in a comment or a string is not code. A
 * string keeps its quotes, so a pattern can still see that a string is there. */
static void blank_comments_and_strings(Reader *r) {
  SourceFile *f = r->f;
  f->code_only = cm_xmalloc(f->len + 1);
  memcpy(f->code_only, f->text, f->len + 1);
  for (unsigned i = 0; i < r->ntokens; i++) {
    CXTokenKind k = r->kind[i];
    Range t = r->tok[i];
    const char *open = k == CXToken_Literal && is_string_literal(f->text + t.begin, t.end - t.begin)
                           ? memchr(f->text + t.begin, '"', t.end - t.begin)
                           : NULL;
    if (k == CXToken_Comment)
      blank(f, t.begin, t.end);
    else if (open && f->text[t.end - 1] == '"')
      blank(f, (unsigned)(open - f->text) + 1, t.end - 1);
    else if (open)
      blank(f, t.begin, t.end);
  }
}

/* ---- preprocessor directives, read from tokens ---- */

bool an_first_on_line(const SourceFile *f, unsigned off) {
  while (off > f->bom && (f->text[off - 1] == ' ' || f->text[off - 1] == '\t'))
    off--;
  return off == f->bom || an_line_ends(f->text, f->len, off - 1);
}

/* A backslash right before the line end at `off` continues the line. */
static bool continued(const SourceFile *f, unsigned off) {
  unsigned before = f->text[off] == '\n' && off > 0 && f->text[off - 1] == '\r' ? off - 1 : off;
  return before > 0 && f->text[before - 1] == '\\';
}

/* The end of a directive's logical line (backslash continuations included). */
unsigned an_directive_end(const SourceFile *f, unsigned off) {
  for (; off < f->len; off++)
    if (an_line_ends(f->text, f->len, off) && !continued(f, off))
      return off;
  return off;
}

static bool header_known(Reader *r, const char *name, size_t n) {
  if (rl_lookup_header(r->env->db, name, n))
    return true;
  char *path = cm_xasprintf("%s/%.*s", r->env->cuda_include, (int)n, name);
  bool there = access(path, F_OK) == 0;
  free(path);
  return there;
}

/* A header the parse found in the repository around the scan (helper_cuda.h in
 * a samples collection's Common/) is the project's, whatever the rules call it;
 * so is one beside it in a folder found so (helper_functions.h, which that
 * folder already held when the file asked for it). */
static bool found_in_repository(const SourceFile *f, const char *name, size_t n) {
  for (size_t i = 0; i < f->found_includes.len; i++) {
    if (strlen(f->found_includes.items[i].header) == n && strncmp(f->found_includes.items[i].header, name, n) == 0)
      return true;
    char *path = cm_xasprintf("%s/%.*s", f->found_includes.items[i].dir, (int)n, name);
    bool there = access(path, F_OK) == 0;
    free(path);
    if (there)
      return true;
  }
  return false;
}

static bool file_in(const char *dir, size_t dir_len, const char *name, size_t n) {
  char *path = cm_xasprintf("%.*s/%.*s", (int)dir_len, dir, (int)n, name);
  bool there = access(path, F_OK) == 0;
  free(path);
  return there;
}

/* Whether `#include x` reaches a header of the tree, in the parse's search order:
 * the includer's folder, the toolkit, then the tree's header folders, which come
 * after the system's (AN_TREE_HEADERS_FLAG); a tree's cuda.h elsewhere (rodinia's
 * b+tree/util/cuda/) is not what another program's <cuda.h> gets. */
static bool project_header(const Reader *r, const char *name, size_t n) {
  if (found_in_repository(r->f, name, n))
    return true;
  if (!nameset_has(r->env->project_files, name, n))
    return false;
  const char *slash = strrchr(r->f->path, '/');
  return (slash && file_in(r->f->path, (size_t)(slash - r->f->path), name, n)) ||
         !file_in(r->env->cuda_include, strlen(r->env->cuda_include), name, n);
}

/* #include <x> / "x": a fact over the name between the delimiters. */
static void read_include(Reader *r, unsigned i, unsigned end) {
  const char *t = r->f->text;
  unsigned p = r->tok[i].end;
  while (p < end && (t[p] == ' ' || t[p] == '\t'))
    p++;
  if (p >= end || (t[p] != '<' && t[p] != '"'))
    return;
  char close = t[p] == '<' ? '>' : '"';
  unsigned b = p + 1, e = b;
  while (e < end && t[e] != close)
    e++;
  /* a header the project itself holds is the user's, even when named like CUDA's,
   * unless a user rule file maps it; so is one the parse found in the repository */
  const HeaderRule *h = e < end ? rl_lookup_header(r->env->db, t + b, e - b) : NULL;
  bool user_mapped = h && h->origin;
  bool project = e < end && project_header(r, t + b, e - b);
  if (e >= end || (project && !user_mapped) || !header_known(r, t + b, e - b))
    return;
  const char *cursor = r->parsed && !in_ranges(r->skipped.items, r->skipped.len, b) ? kind_spelling(CXCursor_InclusionDirective) : "token";
  add_fact(r, FK_INCLUDE, b, e - b, cm_xstrndup(t + b, e - b), cursor, false);
}

/* ---- identifiers ---- */

/* The first token starting at or after `off`. */
static unsigned token_at(Reader *r, unsigned off) {
  unsigned lo = 0, hi = r->ntokens;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (r->tok[mid].begin < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* clang declares a builtin no header declared (__syncthreads) where the file
 * first uses it, so every later use names that first use: a declaration whose
 * token is a use, not a declaration (in another file: an expression there), is
 * clang's stand-in. */
static bool declared_at_a_use(Reader *r, CXSourceLocation loc, unsigned at) {
  if (!in_this_file(r, loc)) /* a header read in its includer's tree: the first call may be the includer's */
    return clang_isExpression(clang_getCursorKind(clang_getCursor(r->tu, loc)));
  unsigned j = token_at(r, at);
  return j < r->ntokens && r->tok[j].begin == at && !clang_isDeclaration(clang_getCursorKind(r->cursors[j]));
}

/* The declaration token i names; null when none. */
static CXCursor referenced_decl(Reader *r, unsigned i) {
  CXCursor ref = clang_getCursorReferenced(r->cursors[i]);
  if (clang_getCursorKind(ref) == CXCursor_OverloadedDeclRef) {
    /* a call with template-dependent arguments names its candidates, not one declaration */
    if (clang_getNumOverloadedDecls(ref) == 0)
      return clang_getNullCursor();
    ref = clang_getOverloadedDecl(ref, 0);
  }
  return clang_isInvalid(clang_getCursorKind(ref)) ? clang_getNullCursor() : ref;
}

/* Where the declaration a token names lives: 0 none known, 1 CUDA headers
 * (*header: the declaring one's last path part, malloc'd), 2 other system
 * headers, the toolkit's Thrust and CUB, or a namespace, 3 the user's own code. */
static int declared_in(Reader *r, unsigned i, const char *name, size_t n, char **header) {
  if (!r->cursors)
    return 0;
  CXCursor ref = referenced_decl(r, i);
  if (clang_Cursor_isNull(ref))
    return 0;
  if (clang_getCursorKind(ref) == CXCursor_Namespace)
    return 2; /* any header may reopen a namespace (the toolkit's opens std): only a rule makes one CUDA's */
  CXString s = clang_getCursorSpelling(ref);
  bool same = strncmp(clang_getCString(s), name, n) == 0 && clang_getCString(s)[n] == '\0';
  clang_disposeString(s);
  if (!same)
    return 0;
  CXSourceLocation loc = clang_getCursorLocation(ref);
  CXFile file;
  unsigned at;
  clang_getExpansionLocation(loc, &file, NULL, NULL, &at);
  if (declared_at_a_use(r, loc, at))
    return 0; /* clang's stand-in for a name no header declares */
  CXString fname = clang_getFileName(file);
  const char *path = clang_getCString(fname);
  int where = !path                                   ? 0
              : is_same_name_library_path(r->env, path) ? 2
              : is_cuda_header_path(r->env, path)       ? 1
              : in_system_header(r->env, loc)          ? 2
                                                        : 3;
  if (where == 1)
    *header = cm_xstrdup(strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
  clang_disposeString(fname);
  return where;
}

static bool after_member_access(Reader *r, unsigned i) { return i > 0 && (tok_is(r, i - 1, ".") || tok_is(r, i - 1, "->")); }

/* Without the tree, `cub` is a namespace only where C++ says so: before `::` or
 * after `namespace` (`using namespace cub;`). An alias target (`= cub;`) is missed. */
static bool used_as_namespace(Reader *r, unsigned i) {
  return tok_is(r, i + 1, "::") || (i > 0 && tok_is(r, i - 1, "namespace"));
}

/* CUDA 13's Thrust and CUB take some names from libcu++ (`thrust::plus` is
 * `cuda::std::plus`); named through them, rocThrust and hipCUB provide them. */
static bool same_name_library_qualified(Reader *r, unsigned i) {
  if (i < 2 || !tok_is(r, i - 1, "::"))
    return false;
  const Range *lib = &r->tok[i - 2];
  return rl_same_name_library(r->env->db, tok_text(r) + lib->begin, lib->end - lib->begin);
}

/* Walking outwards, the last namespace met is the outermost (cooperative_groups
 * keeps its declarations in an inner, versioned namespace). */
static bool outermost_namespace_is(CXCursor c, const char *ns) {
  bool found = false;
  for (c = clang_getCursorSemanticParent(c); !clang_Cursor_isNull(c) && !clang_isTranslationUnit(clang_getCursorKind(c));
       c = clang_getCursorSemanticParent(c)) {
    if (clang_getCursorKind(c) != CXCursor_Namespace)
      continue;
    CXString s = clang_getCursorSpelling(c);
    found = strcmp(clang_getCString(s), ns) == 0;
    clang_disposeString(s);
  }
  return found;
}

/* Cooperative groups' common words (reduce, plus, wait) have rules under their
 * namespace, "cooperative_groups::reduce", so that std::plus or a user's reduce
 * is never taken for them. With the tree, the declaration says; without it, only
 * the qualifiers `cg::` (the customary alias) and `cooperative_groups::` do. */
static const char cg_namespace[] = "cooperative_groups";

bool an_cg_qualifier(const char *q, size_t n) {
  return (n == 2 && memcmp(q, "cg", 2) == 0) || (n == strlen(cg_namespace) && memcmp(q, cg_namespace, n) == 0);
}

const Rule *an_cg_rule(const RuleDb *db, const char *name, size_t n) {
  char *key = cm_xasprintf("%s::%.*s", cg_namespace, (int)n, name);
  const Rule *rule = rl_lookup(db, key, strlen(key));
  free(key);
  return rule;
}

static const Rule *namespaced_rule(Reader *r, unsigned i, int where, const char *name, size_t n, char **qualified) {
  bool in_ns = where == 1 ? outermost_namespace_is(referenced_decl(r, i), cg_namespace)
               : where == 0 && i > 1 && tok_is(r, i - 1, "::") &&
                     an_cg_qualifier(r->f->text + r->tok[i - 2].begin, r->tok[i - 2].end - r->tok[i - 2].begin);
  if (!in_ns)
    return NULL;
  const Rule *rule = an_cg_rule(r->env->db, name, n);
  if (rule)
    *qualified = cm_xasprintf("%s::%.*s", cg_namespace, (int)n, name);
  return rule;
}

/* A name of namespace std declared in a standard header the file has only
 * through the CUDA headers: a fact naming that header, at the name's first use.
 * C names (size_t, printf) stay out: HIP's headers still bring in the C ones. */
static void read_std_name(Reader *r, unsigned i, const char *name, size_t n) {
  CXCursor ref = referenced_decl(r, i);
  if (!r->own_std || clang_Cursor_isNull(ref) || clang_getCursorKind(ref) == CXCursor_Namespace ||
      clang_getCursorKind(clang_getCursorSemanticParent(ref)) != CXCursor_Namespace ||
      nameset_has(r->std_seen, name, n) || !outermost_namespace_is(ref, "std"))
    return; /* a member (numeric_limits<int>::max) comes with its class */
  CXFile file;
  clang_getExpansionLocation(clang_getCursorLocation(ref), &file, NULL, NULL, NULL);
  CXString fname = clang_getFileName(file);
  const char *path = clang_getCString(fname), *header = NULL;
  if (path && !(header = std_map_header(r->own_std, path)))
    header = std_map_header(r->env->std_via_cuda, path);
  if (header && !nameset_has(r->user_includes, header, strlen(header))) {
    char *key = cm_xstrndup(name, n);
    nameset_add(r->std_seen, key);
    free(key);
    add_fact(r, FK_STD_NAME, r->tok[i].begin, (unsigned)n, cm_xstrdup(header),
             kind_spelling(clang_getCursorKind(r->cursors[i])), false);
  }
  clang_disposeString(fname);
}

/* A CUDA typedef no rule knows (nv_half, __nv_half2) names a type a rule may
 * know: the typedef chain is followed to the first name with a rule. */
static char *aliased_name(Reader *r, unsigned i) {
  CXCursor c = referenced_decl(r, i);
  for (int hops = 0; hops < 8 && !clang_Cursor_isNull(c); hops++) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_TypedefDecl && k != CXCursor_TypeAliasDecl)
      return NULL;
    c = clang_getTypeDeclaration(clang_getTypedefDeclUnderlyingType(c));
    CXString s = clang_getCursorSpelling(c);
    const char *name = clang_getCString(s);
    char *found = *name && rl_lookup(r->env->db, name, strlen(name)) ? cm_xstrdup(name) : NULL;
    clang_disposeString(s);
    if (found)
      return found;
  }
  return NULL;
}

/* The tree's word on what a call's first argument points to. */
static void take_pointee(Reader *r, Fact *fact) {
  for (size_t k = 0; k < r->pointees.len; k++)
    if (r->pointees.items[k].callee == fact->offset) {
      fact->pointee = r->pointees.items[k].type;
      fact->pointee_scalar = r->pointees.items[k].scalar;
      r->pointees.items[k].type = NULL;
      return;
    }
}

static enum CXChildVisitResult count_param(CXCursor c, CXCursor parent, CXClientData n) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_ParmDecl)
    ++*(int *)n;
  return CXChildVisit_Continue;
}

/* The parameter count of the one function declaration token i resolves to: a
 * template's is read from its parameters. -1 for anything else, and for a call
 * whose overload depends on template arguments (clang names candidates only). */
static int declared_params(Reader *r, unsigned i) {
  CXCursor ref = clang_getCursorReferenced(r->cursors[i]);
  enum CXCursorKind k = clang_getCursorKind(ref);
  if (k == CXCursor_FunctionDecl)
    return clang_Cursor_getNumArguments(ref);
  int n = 0;
  if (k == CXCursor_FunctionTemplate)
    clang_visitChildren(ref, count_param, &n);
  return k == CXCursor_FunctionTemplate ? n : -1;
}

/* The user's own name (unless a user rule maps it), a system one the rules do
 * not know, or, without the tree, a toolkit name the rules miss that could be
 * a user's (a struct field called `any` is not cooperative groups). */
bool an_cuda_like(const RuleDb *db, const char *name, size_t n) {
  return rl_cuda_like_name(db, name, n) || (n > 2 && name[0] == '_' && name[1] == '_');
}

static bool ignored_name(Reader *r, unsigned i, const Rule *rule, int where, bool own) {
  const char *name = r->f->text + r->tok[i].begin;
  size_t n = r->tok[i].end - r->tok[i].begin;
  if ((own && !rule) || (where == 2 && !rule))
    return true;
  if (rule && rule->kind == RK_NAMESPACE && where == 0 && !used_as_namespace(r, i))
    return true;
  return !rule && where != 1 && !(nameset_has(r->env->cuda_names, name, n) && an_cuda_like(r->env->db, name, n));
}

/* The token closing an open bracket at i, counting only the pair given. */
static unsigned matching(Reader *r, unsigned i, const char *open, const char *close) {
  int depth = 0;
  for (unsigned k = i; k < r->ntokens; k++) {
    if (tok_is(r, k, open))
      depth++;
    else if (tok_is(r, k, close) && --depth == 0)
      return k;
  }
  return r->ntokens;
}

/* Without the tree, a call of a name with C++ overloads (cudaEventCreate(&e,
 * flags): the parameter count of the overload a call of that many arguments
 * resolves to: the argument count, or the C declaration's parameters where it
 * defaults the rest (cudaGraphInstantiate(&e, g) calls the one of 3,
 * data/signatures.csv); -1 where it is no call. */
static int call_arguments(Reader *r, unsigned i, const char *name) {
  if (!tok_is(r, i + 1, "("))
    return -1;
  unsigned close = matching(r, i + 1, "(", ")");
  if (close >= r->ntokens)
    return -1;
  int n = close > i + 2, depth = 0;
  for (unsigned k = i + 2; k < close; k++) {
    depth += tok_is(r, k, "(") || tok_is(r, k, "[") || tok_is(r, k, "{");
    depth -= tok_is(r, k, ")") || tok_is(r, k, "]") || tok_is(r, k, "}");
    n += depth == 0 && tok_is(r, k, ",");
  }
  const Signature *sig = rl_signature(r->env->db, name);
  return sig && (unsigned)n >= sig->cuda_required && (unsigned)n < sig->cuda_params ? (int)sig->cuda_params : n;
}

static void read_identifier(Reader *r, unsigned i, bool in_macro) {
  const char *name = r->f->text + r->tok[i].begin;
  size_t n = r->tok[i].end - r->tok[i].begin;
  if (after_member_access(r, i))
    return;
  const Rule *rule = rl_lookup(r->env->db, name, n);
  bool active = !in_ranges(r->skipped.items, r->skipped.len, r->tok[i].begin);
  char *header = NULL;
  int where = r->parsed && active && !in_macro ? declared_in(r, i, name, n, &header) : 0;
  if (where == 1 && same_name_library_qualified(r, i))
    where = 2;
  if (where != 1) {
    free(header);
    header = NULL;
  }
  char *qualified = NULL;
  if (!rule && where <= 1)
    rule = namespaced_rule(r, i, where, name, n, &qualified);
  if (where == 2)
    read_std_name(r, i, name, n);
  bool own = where == 3 || (where == 0 && nameset_has(r->own_names, name, n)) ||
             (r->scopes && active && !in_macro && lex_scopes_declared(r->scopes, i, NULL));
  /* without the tree, a CUDA typedef the rules know by its struct's name
     (nv_half: __half) is what a parse would follow the typedef to */
  const char *alias = !rule && !r->parsed && active && !in_macro ? rl_struct_name(r->env->db, name, n) : NULL;
  if (ignored_name(r, i, rule, alias ? 1 : where, own)) {
    free(header);
    return;
  }
  const char *cursor = "token";
  if (r->cursors && active && !in_macro)
    cursor = kind_spelling(clang_getCursorKind(r->cursors[i]));
  add_fact(r, FK_IDENT, r->tok[i].begin, (unsigned)n, qualified ? qualified : cm_xstrndup(name, n), cursor, in_macro);
  Fact *fact = &r->f->facts.items[r->f->facts.len - 1];
  fact->cuda_declared = where == 1;
  fact->declared_by = header;
  fact->params = where == 1 ? declared_params(r, i)
                 : !r->parsed && rl_has_overload(r->env->db, fact->name) ? call_arguments(r, i, fact->name)
                                                                        : -1;
  fact->aliased = alias ? cm_xstrdup(alias) : !rule && where == 1 ? aliased_name(r, i) : NULL;
  fact->own = own && !rule->origin;
  take_pointee(r, fact);
}

/* ---- kernel launches ---- */

/* From "<<<" back over the kernel expression: name, ns::name, name<T, U>. */
static unsigned kernel_start(Reader *r, unsigned i) {
  unsigned j = i;
  while (j > 0) {
    unsigned k = j - 1;
    if (tok_is(r, k, ">")) {
      int depth = 0;
      while (k > 0) {
        if (tok_is(r, k, ">"))
          depth++;
        else if (tok_is(r, k, "<") && --depth == 0)
          break;
        k--;
      }
      if (k == 0)
        return j;
      j = k;
      continue;
    }
    bool ident = r->kind[k] == CXToken_Identifier;
    if (ident && j < i && !tok_is(r, j, "::") && !tok_is(r, j, "<"))
      break; /* `define NAME k<<<`: two names in a row are no kernel expression */
    if (ident || tok_is(r, k, "::")) {
      j = k;
      continue;
    }
    break;
  }
  return j;
}

static void read_launch(Reader *r, unsigned i, bool in_macro) {
  unsigned start = kernel_start(r, i);
  if (start == i)
    return;
  unsigned close = i + 1;
  while (close < r->ntokens && !tok_is(r, close, ">>>"))
    close++;
  if (close + 1 >= r->ntokens || !tok_is(r, close + 1, "("))
    return;
  unsigned rparen = matching(r, close + 1, "(", ")");
  if (rparen >= r->ntokens)
    return;
  unsigned b = r->tok[start].begin;
  add_fact(r, FK_LAUNCH, b, r->tok[rparen].end - b, cm_xstrndup(r->f->text + b, r->tok[i].begin - b),
           r->parsed ? kind_spelling(CXCursor_CallExpr) : "token", in_macro);
  Fact *f = &r->f->facts.items[r->f->facts.len - 1];
  f->open = r->tok[i].begin;
  f->close = r->tok[close].begin;
  f->lparen = r->tok[close + 1].begin;
  f->rparen = r->tok[rparen].begin;
  f->template_kernel = memchr(f->name, '<', strlen(f->name)) ||
                       nameset_has(r->kernel_templates, r->f->text + r->tok[i - 1].begin,
                                   r->tok[i - 1].end - r->tok[i - 1].begin);
  if (in_ranges(r->device_fns.items, r->device_fns.len, b)) {
    add_fact(r, FK_DEVICE_LAUNCH, b, r->tok[rparen].end - b, cm_xstrndup(r->f->text + b, r->tok[i].begin - b),
             kind_spelling(CXCursor_CallExpr), in_macro);
  }
}

/* ---- inline assembly ---- */

/* Appends the opcodes of one asm string ("mov.u32 %0, %%laneid;") to `out`. */
static void ptx_opcodes(const char *s, size_t n, Buf *out) {
  size_t i = 0;
  while (i < n) {
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '{' || s[i] == '}' || s[i] == ';' ||
                     (s[i] == '\\' && i + 1 < n && (s[i + 1] == 'n' || s[i + 1] == 't') && ++i)))
      i++;
    size_t b = i;
    while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != ';' && s[i] != '\\' && s[i] != '{' && s[i] != '}')
      i++;
    if (i > b && s[b] != '.' && s[b] != '@' && s[i - 1] != ':') { /* not a directive, guard or label */
      char op[64];
      snprintf(op, sizeof op, "%.*s", (int)(i - b), s + b);
      if (!strstr(buf_cstr(out), op)) {
        if (out->len)
          buf_puts(out, ", ");
        buf_puts(out, op);
      }
    }
    while (i < n && s[i] != ';' && !(s[i] == '\\' && i + 1 < n && s[i + 1] == 'n'))
      i++;
  }
}

static void read_asm(Reader *r, unsigned i, bool in_macro) {
  unsigned k = i + 1;
  while (tok_is(r, k, "volatile") || tok_is(r, k, "__volatile__") || tok_is(r, k, "goto"))
    k++;
  if (!tok_is(r, k, "("))
    return;
  Buf ops = {0};
  for (k++; k < r->ntokens && !tok_is(r, k, ":") && !tok_is(r, k, ")"); k++) {
    const char *s = r->f->text + r->tok[k].begin;
    size_t n = r->tok[k].end - r->tok[k].begin;
    if (n >= 2 && s[0] == '"')
      ptx_opcodes(s + 1, n - 2, &ops);
  }
  add_fact(r, FK_ASM, r->tok[i].begin, r->tok[i].end - r->tok[i].begin, cm_xstrdup(ops.len ? buf_cstr(&ops) : ""),
           r->parsed ? kind_spelling(CXCursor_GCCAsmStmt) : "token", in_macro);
  buf_free(&ops);
}

/* ---- the tree: device code and device-property reads ---- */

enum { ATTR_DEVICE = 1, ATTR_HOST = 2 };

static enum CXChildVisitResult find_cuda_attrs(CXCursor c, CXCursor parent, CXClientData found) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CUDAGlobalAttr || k == CXCursor_CUDADeviceAttr)
    *(unsigned *)found |= ATTR_DEVICE;
  else if (k == CXCursor_CUDAHostAttr)
    *(unsigned *)found |= ATTR_HOST;
  return CXChildVisit_Continue;
}

/* ATTR_DEVICE for __global__ or __device__, ATTR_HOST for __host__. */
static unsigned cuda_attrs(CXCursor fn) {
  unsigned found = 0;
  clang_visitChildren(fn, find_cuda_attrs, &found);
  return found;
}

static bool has_device_attr(CXCursor fn) { return cuda_attrs(fn) & ATTR_DEVICE; }

static Range cursor_range(CXCursor c) {
  CXSourceRange ext = clang_getCursorExtent(c);
  unsigned b, e;
  clang_getFileLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &b);
  clang_getFileLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
  return (Range){b, e};
}

static bool declared_in_cuda(Reader *r, CXCursor decl) {
  CXFile file;
  clang_getExpansionLocation(clang_getCursorLocation(decl), &file, NULL, NULL, NULL);
  CXString fname = clang_getFileName(file);
  bool cuda = clang_getCString(fname) && is_cuda_header_path(r->env, clang_getCString(fname));
  clang_disposeString(fname);
  return cuda;
}

/* "const", "volatile", "const volatile", or NULL. */
static char *cv_words(bool c, bool v) {
  return c || v ? cm_xasprintf("%s%s%s", c ? "const" : "", c && v ? " " : "", v ? "volatile" : "") : NULL;
}

/* The qualifiers of type t. */
static char *cv_spelling(CXType t) { return cv_words(clang_isConstQualifiedType(t), clang_isVolatileQualifiedType(t)); }

/* obj.member where the member belongs to a CUDA type (cudaDeviceProp.warpSize,
 * grid_group.sync): which members matter is the hazard rules' business. */
static void read_member_ref(Reader *r, CXCursor c) {
  CXCursor member = clang_getCursorReferenced(c);
  CXCursor owner = clang_getCursorSemanticParent(member);
  if (clang_Cursor_isNull(owner) || !declared_in_cuda(r, owner))
    return;
  CXString owner_name = clang_getCursorSpelling(owner), name = clang_getCursorSpelling(member);
  unsigned off, start;
  clang_getFileLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off); /* the member name */
  clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL, &start);
  Fact *f = add_fact(r, FK_MEMBER, off, (unsigned)strlen(clang_getCString(name)),
                     cm_xasprintf("%s.%s", clang_getCString(owner_name), clang_getCString(name)),
                     kind_spelling(CXCursor_MemberRefExpr), false);
  f->open = start < off ? start : off;
  f->qualifiers = cv_spelling(clang_getCursorType(c)); /* the access's type: the object's qualifiers and the member's */
  clang_disposeString(owner_name);
  clang_disposeString(name);
}

/* `(float)h2.x`: libclang shows the implicit call of __half's operator float
 * without the object it converts, so the member access under it is found by
 * where it ends. */
static void read_converted_member(Reader *r, CXCursor call) {
  if (clang_getCursorKind(clang_getCursorReferenced(call)) != CXCursor_ConversionFunction)
    return;
  unsigned end;
  clang_getFileLocation(clang_getRangeEnd(clang_getCursorExtent(call)), NULL, NULL, NULL, &end);
  CXCursor inner = clang_getCursor(r->tu, clang_getLocationForOffset(r->tu, r->file, end ? end - 1 : 0));
  if (clang_getCursorKind(inner) == CXCursor_MemberRefExpr)
    read_member_ref(r, inner);
}

static enum CXChildVisitResult take_first(CXCursor c, CXCursor parent, CXClientData first) {
  *(CXCursor *)first = c;
  return CXChildVisit_Break;
}

/* obj.member that no longer compiles because CUDA removed the member
 * (cudaDeviceProp.deviceOverlap in CUDA 13): clang keeps it as a recovery
 * expression around `obj`, whose type still names the CUDA struct. */
static void read_removed_member(Reader *r, CXCursor c) {
  CXCursor base = clang_getNullCursor();
  clang_visitChildren(c, take_first, &base);
  if (clang_Cursor_isNull(base) || !clang_isExpression(clang_getCursorKind(base)))
    return;
  CXType t = clang_getCanonicalType(clang_getCursorType(base));
  if (t.kind == CXType_Pointer)
    t = clang_getPointeeType(t);
  CXCursor owner = clang_getTypeDeclaration(t);
  if (clang_Cursor_isNull(owner) || !declared_in_cuda(r, owner))
    return;
  Range whole = cursor_range(c);
  unsigned k = token_at(r, cursor_range(base).end);
  if (!(tok_is(r, k, ".") || tok_is(r, k, "->")) || k + 1 >= r->ntokens || r->tok[k + 1].end > whole.end ||
      r->kind[k + 1] != CXToken_Identifier)
    return;
  Range m = r->tok[k + 1];
  CXString owner_name = clang_getCursorSpelling(owner);
  add_fact(r, FK_MEMBER, m.begin, m.end - m.begin,
           cm_xasprintf("%s.%.*s", clang_getCString(owner_name), (int)(m.end - m.begin), r->f->text + m.begin),
           kind_spelling(CXCursor_UnexposedExpr), false);
  clang_disposeString(owner_name);
}

/* f(p, ...) where f has a rule and p is a pointer whose pointee the tree
 * knows: the plan picks a rewrite by type (a cache-hinted load of a float).
 * The name is read from the token at the callee, which a call no overload
 * matches leaves unnamed. */
static void read_pointee(Reader *r, CXCursor callee, CXCursor arg) {
  unsigned off;
  clang_getExpansionLocation(clang_getCursorLocation(callee), NULL, NULL, NULL, &off);
  unsigned i = token_at(r, off);
  CXType t = clang_getCanonicalType(clang_getCursorType(arg));
  if (i >= r->ntokens || r->tok[i].begin != off || t.kind != CXType_Pointer ||
      !rl_lookup(r->env->db, r->f->text + off, r->tok[i].end - off))
    return;
  CXType pointee = clang_getUnqualifiedType(clang_getCanonicalType(clang_getPointeeType(t)));
  if (pointee.kind == CXType_Unexposed || pointee.kind == CXType_Invalid || clang_Type_getSizeOf(pointee) < 0)
    return; /* template-dependent */
  CXString spelling = clang_getTypeSpelling(pointee);
  Pointee p = {off, cm_xstrdup(clang_getCString(spelling)),
               pointee.kind >= CXType_Bool && pointee.kind <= CXType_Double};
  vec_push(&r->pointees, p);
  clang_disposeString(spelling);
}

static enum CXChildVisitResult take_two(CXCursor c, CXCursor parent, CXClientData two) {
  CXCursor *out = two;
  out[clang_Cursor_isNull(out[0]) ? 0 : 1] = c;
  return clang_Cursor_isNull(out[1]) ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* A call no overload matches on the host side (clang's CUDA headers declare
 * __ldcs for __half only there) is a recovery expression: the callee, then the
 * arguments, whose types hold all the same. */
static void read_unmatched_call(Reader *r, CXCursor c) {
  CXCursor two[2] = {clang_getNullCursor(), clang_getNullCursor()};
  clang_visitChildren(c, take_two, two);
  enum CXCursorKind k = clang_getCursorKind(two[0]);
  if (!clang_Cursor_isNull(two[1]) && (k == CXCursor_OverloadedDeclRef || k == CXCursor_DeclRefExpr))
    read_pointee(r, two[0], two[1]);
}

/* The #define lines of the file: code spelled there is read where the macro is
 * used, if at all, not in the definition. */
static void find_defines(Reader *r) {
  const char *t = r->f->text;
  size_t n = r->f->len;
  for (size_t i = 0; i < n;) {
    size_t end = logical_line_end(t, n, i), j = i;
    while (j < end && (t[j] == ' ' || t[j] == '\t'))
      j++;
    bool hash = j < end && t[j] == '#';
    for (j += hash; hash && j < end && (t[j] == ' ' || t[j] == '\t'); j++)
      ;
    if (hash && end - j > 6 && memcmp(t + j, "define", 6) == 0 && (t[j + 6] == ' ' || t[j + 6] == '\t'))
      vec_push(&r->defines, ((Range){(unsigned)i, (unsigned)end}));
    i = end + 1;
  }
}

/* A cursor written in this file (a macro's argument included), not in a #define:
 * what the tree says of it is read. */
static bool written_here(Reader *r, CXSourceLocation loc) {
  CXFile file;
  unsigned off;
  clang_getFileLocation(loc, &file, NULL, NULL, &off);
  return file && clang_File_isEqual(file, r->file) && !in_ranges(r->defines.items, r->defines.len, off);
}

/* A cursor a macro expansion of this file put there: the expression it starts
 * (`MIN(a, b) + (float)h.x`) may hold code written in the file. */
static bool expanded_here(Reader *r, CXSourceLocation loc) {
  CXFile file;
  clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
  return file && clang_File_isEqual(file, r->file);
}

static enum CXChildVisitResult visit_tree(CXCursor c, CXCursor parent, CXClientData data) {
  Reader *r = data;
  CXSourceLocation loc = clang_getCursorLocation(c);
  if (!written_here(r, loc))
    return expanded_here(r, loc) ? CXChildVisit_Recurse : CXChildVisit_Continue;
  switch (clang_getCursorKind(c)) {
  case CXCursor_FunctionDecl:
  case CXCursor_FunctionTemplate:
  case CXCursor_CXXMethod:
    if (clang_isCursorDefinition(c) && has_device_attr(c))
      vec_push(&r->device_fns, cursor_range(c));
    if (clang_isCursorDefinition(c) && cuda_attrs(c) == ATTR_DEVICE)
      vec_push(&r->device_only, cursor_range(c));
    if (clang_getCursorKind(c) == CXCursor_FunctionTemplate && has_device_attr(c)) {
      CXString s = clang_getCursorSpelling(c);
      nameset_add(r->kernel_templates, clang_getCString(s));
      clang_disposeString(s);
    }
    break;
  case CXCursor_MemberRefExpr:
    read_member_ref(r, c);
    break;
  case CXCursor_UnexposedExpr:
    read_removed_member(r, c);
    read_unmatched_call(r, c);
    break;
  case CXCursor_CallExpr:
    read_converted_member(r, c);
    if (clang_Cursor_getNumArguments(c) > 0)
      read_pointee(r, c, clang_Cursor_getArgument(c, 0));
    break;
  default:
    break;
  }
  return CXChildVisit_Recurse;
}

/* ---- the whole file ---- */

static void read_skipped(Reader *r) {
  CXSourceRangeList *list = clang_getSkippedRanges(r->tu, r->file);
  for (unsigned i = 0; list && i < list->count; i++) {
    unsigned b, e;
    clang_getFileLocation(clang_getRangeStart(list->ranges[i]), NULL, NULL, NULL, &b);
    clang_getFileLocation(clang_getRangeEnd(list->ranges[i]), NULL, NULL, NULL, &e);
    vec_push(&r->skipped, ((Range){b, e}));
  }
  clang_disposeSourceRangeList(list);
}

static void read_tokens(Reader *r) {
  CXSourceRange all = clang_getRange(clang_getLocationForOffset(r->tu, r->file, 0),
                                     clang_getLocationForOffset(r->tu, r->file, (unsigned)r->f->len));
  clang_tokenize(r->tu, all, &r->tokens, &r->ntokens);
  r->tok = cm_xcalloc(r->ntokens, sizeof *r->tok);
  r->kind = cm_xcalloc(r->ntokens, sizeof *r->kind);
  for (unsigned i = 0; i < r->ntokens; i++) {
    r->tok[i] = token_range(r, r->tokens[i]);
    r->kind[i] = clang_getTokenKind(r->tokens[i]);
  }
}

/* The same tokens, from lexer.c, and the dead branches its reading of the macros decides. */
static void lex_tokens(Reader *r) {
  const char *text = tok_text(r);
  LexTokens t = {0};
  an_lex(text, r->f->len, &t);
  r->ntokens = (unsigned)t.len;
  r->tok = cm_xcalloc(t.len, sizeof *r->tok);
  r->kind = cm_xcalloc(t.len, sizeof *r->kind);
  for (size_t i = 0; i < t.len; i++) {
    r->tok[i] = (Range){t.items[i].begin, t.items[i].end};
    r->kind[i] = t.items[i].kind;
  }
  LexMacros *m = lex_macros_new(r->env, r->cand);
  an_lex_branches(r->f, text, &t, m, &r->skipped);
  lex_macros_free(m);
  vec_free(&t);
}

static bool is_binary_operator(const Reader *r, unsigned i) {
  static const char *const ops[] = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&&", "||"};
  for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
    if (tok_is(r, i, ops[k]))
      return true;
  return false;
}

/* The most operators of one statement (between ; { and }): a chain such as
 * `0 + 1 + 1 ...` is a tree as deep as it is long. */
static unsigned longest_chain(const Reader *r) {
  unsigned longest = 0, run = 0;
  for (unsigned i = 0; i < r->ntokens; i++) {
    if (tok_is(r, i, ";") || tok_is(r, i, "{") || tok_is(r, i, "}"))
      run = 0;
    else if (is_binary_operator(r, i))
      run++;
    longest = run > longest ? run : longest;
  }
  return longest;
}

/* Asking the tree about each token costs time that grows with the square of a
 * chain's length (clang finds where `0 + 1 + 1 ...` begins by walking down its
 * left operands, at every level: 40,000 terms took 11 s, 200,000 almost three
 * minutes): past this, the file is read lexically. */
enum { TREE_CHAIN_OPERATORS = 5000 };

static void ask_the_tree(Reader *r) {
  unsigned longest = longest_chain(r);
  if (longest > TREE_CHAIN_OPERATORS) {
    if (r->parsed) {
      r->parsed = false;
      r->f->parser = PARSER_LEXICAL;
      free(r->f->fallback_reason);
      r->f->fallback_reason = cm_xasprintf("an expression of %u operators, too deep to ask the tree about: read "
                                           "from its tokens", longest);
    }
    return;
  }
  if (r->parsed) {
    r->cursors = cm_xcalloc(r->ntokens, sizeof *r->cursors);
    clang_annotateTokens(r->tu, r->tokens, r->ntokens, r->cursors);
  }
  /* even a parse with errors has a tree: what it resolves (a member of a CUDA
   * struct, a function's __global__) holds, where its names would not */
  find_defines(r);
  clang_visitChildren(clang_getTranslationUnitCursor(r->tu), visit_tree, r);
}

static bool is_asm_keyword(Reader *r, unsigned i) {
  return tok_is(r, i, "asm") || tok_is(r, i, "__asm__") || tok_is(r, i, "__asm");
}

/* The struct a CUDA type name stands for, as a parse names a member's owner
 * (half2 h: __half2); NULL for a name that is no CUDA type. */
static char *cuda_struct(Reader *r, unsigned type) {
  const char *name = tok_text(r) + r->tok[type].begin;
  size_t n = r->tok[type].end - r->tok[type].begin;
  const Rule *rule = rl_lookup(r->env->db, name, n);
  if (!rule || rule->kind != RK_TYPE)
    return NULL;
  const char *owner = rl_struct_name(r->env->db, name, n);
  return owner ? cm_xstrdup(owner) : cm_xstrndup(name, n);
}

/* obj.member (obj->member, obj[i].member) where the file declares obj with a
 * CUDA type: what read_member_ref takes from a tree, from the tokens. */
static void read_lexical_member(Reader *r, unsigned i) {
  unsigned k = tok_is(r, i + 1, "[") ? matching(r, i + 1, "[", "]") + 1 : i + 1;
  if (!(tok_is(r, k, ".") || tok_is(r, k, "->")) || k + 1 >= r->ntokens || r->kind[k + 1] != CXToken_Identifier)
    return; /* the member first: most names are no object of a member read */
  LexDeclared d;
  if (after_member_access(r, i) || in_ranges(r->skipped.items, r->skipped.len, r->tok[i].begin) ||
      !lex_scopes_declared(r->scopes, i, &d) || d.type == LEX_NO_TYPE)
    return;
  char *owner = cuda_struct(r, d.type);
  if (!owner)
    return;
  Range m = r->tok[k + 1];
  Fact *f = add_fact(r, FK_MEMBER, m.begin, m.end - m.begin,
                     cm_xasprintf("%s.%.*s", owner, (int)(m.end - m.begin), tok_text(r) + m.begin), "token", false);
  f->open = r->tok[i].begin;
  f->qualifiers = cv_words(d.is_const, d.is_volatile);
  free(owner);
}

/* One pass over the tokens; directives are tracked so that #include lines and
 * #define bodies are read as such. */
static void read_all(Reader *r) {
  unsigned directive_until = 0;
  bool in_define = false;
  for (unsigned i = 0; i < r->ntokens; i++) {
    Range t = r->tok[i];
    if (t.begin >= directive_until)
      in_define = false;
    if (tok_is(r, i, "#") && an_first_on_line(r->f, t.begin)) {
      directive_until = an_directive_end(r->f, t.begin);
      if (tok_is(r, i + 1, "include") || tok_is(r, i + 1, "include_next") || tok_is(r, i + 1, "import")) {
        read_include(r, i + 1, directive_until);
        while (i + 1 < r->ntokens && r->tok[i + 1].begin < directive_until)
          i++; /* the header name's pieces are not identifiers */
        continue;
      }
      in_define = tok_is(r, i + 1, "define");
      i++; /* the directive word; a #define's name is read, and is the file's own */
      continue;
    }
    CXTokenKind k = r->kind[i];
    if (is_asm_keyword(r, i))
      read_asm(r, i, in_define);
    else if (k == CXToken_Identifier) {
      read_identifier(r, i, in_define);
      if (r->scopes && !r->tu && !in_define) /* a tree, even a broken one, gave its members */
        read_lexical_member(r, i);
    }
    else if (k == CXToken_Punctuation && tok_is(r, i, "<<<"))
      read_launch(r, i, in_define);
  }
}

static int by_offset(const void *a, const void *b) {
  const Fact *x = a, *y = b;
  return x->offset != y->offset ? (x->offset < y->offset ? -1 : 1) : (int)x->kind - (int)y->kind;
}

void an_add_std_fact(SourceFile *f, unsigned off, unsigned len, const char *header) {
  Fact fact = {.kind = FK_STD_NAME, .offset = off, .length = len, .name = cm_xstrdup(header), .cursor = "token",
               .params = -1};
  an_location(f, off, &fact.line, &fact.column);
  vec_push(&f->facts, fact);
  vec_sort(&f->facts, by_offset);
}

/* The tree's word on which tokens name templates, for constants.c. */
static bool names_template(Reader *r, unsigned i) {
  if (!r->cursors || r->kind[i] != CXToken_Identifier)
    return false;
  if (clang_getCursorKind(r->cursors[i]) == CXCursor_TemplateRef)
    return true;
  CXCursor ref = referenced_decl(r, i);
  enum CXCursorKind k = clang_getCursorKind(ref);
  return k == CXCursor_ClassTemplate || k == CXCursor_FunctionTemplate || k == CXCursor_TypeAliasTemplateDecl ||
         (!clang_Cursor_isNull(ref) && !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(ref)));
}

static ConstToken *const_tokens(Reader *r) {
  ConstToken *t = cm_xcalloc(r->ntokens + 1, sizeof *t);
  for (unsigned i = 0; i < r->ntokens; i++)
    t[i] = (ConstToken){r->tok[i].begin, r->tok[i].end, r->kind[i], names_template(r, i)};
  return t;
}

/* Launches written where a macro of the file is used (macro_launches.c). */
static void read_macro_launches(Reader *r, const ConstToken *t) {
  MacroLaunches found = {0};
  find_macro_launches(r->f, r->joined ? r->joined : r->f->text, t, r->ntokens, &found);
  for (size_t i = 0; i < found.len; i++) {
    MacroLaunch *l = &found.items[i];
    Fact *f = add_fact(r, FK_LAUNCH, l->begin, l->end - l->begin, l->kernel,
                       r->parsed ? kind_spelling(CXCursor_MacroExpansion) : "token", false);
    f->open = l->open;
    f->close = l->close;
    f->lparen = l->lparen;
    f->rparen = l->rparen;
    f->expansion = l->expansion;
    f->template_kernel = strchr(f->name, '<') || nameset_has(r->kernel_templates, f->name, strlen(f->name));
    l->kernel = l->expansion = NULL;
  }
  free_macro_launches(&found);
}

/* A declaration of the project's own: neither a system header nor the toolkit's. */
static enum CXChildVisitResult own_decl(CXCursor c, CXCursor parent, CXClientData data) {
  Reader *r = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXSourceLocation loc = clang_getCursorLocation(c);
  if (in_system_header(r->env, loc))
    return CXChildVisit_Continue;
  CXFile file;
  clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
  CXString fname = clang_getFileName(file);
  bool cuda = !clang_getCString(fname) || is_cuda_header_path(r->env, clang_getCString(fname));
  clang_disposeString(fname);
  if (cuda)
    return CXChildVisit_Continue;
  if (k == CXCursor_Namespace)
    return CXChildVisit_Recurse;
  if (clang_isDeclaration(k)) {
    CXString name = clang_getCursorSpelling(c);
    if (*clang_getCString(name))
      nameset_add(r->own_names, clang_getCString(name));
    clang_disposeString(name);
  }
  return CXChildVisit_Continue;
}

/* `#define K axpy<float>`: a macro whose body starts as a template-id names a
 * template kernel when a launch uses it (K<<<g, b>>>(...)). */
static bool defines_template_id(Reader *r, unsigned i) {
  unsigned end = an_directive_end(r->f, r->tok[i].begin);
  return i + 4 < r->ntokens && r->tok[i + 4].begin < end && tok_is(r, i + 4, "<") &&
         r->kind[i + 3] == CXToken_Identifier;
}

/* The token after the template parameter list opened at i (`<`); n where it does not close. */
static unsigned past_angles(const Reader *r, unsigned i) {
  int depth = 0;
  for (; i < r->ntokens; i++) {
    depth += tok_is(r, i, "<") - tok_is(r, i, ">") - 2 * tok_is(r, i, ">>");
    if (depth <= 0)
      return i + 1;
  }
  return r->ntokens;
}

/* Without the tree, the function templates the file defines with a CUDA
 * qualifier (`template <typename T> __global__ void axpy(`), as a parse lists
 * those with __global__ or __device__ (the rules' "Qualifiers" hold __host__
 * too, whose templates no launch names); an attribute with arguments before
 * the name (`__launch_bounds__(256)`) is passed over. */
static void read_lexical_templates(Reader *r) {
  for (unsigned i = 0; i + 1 < r->ntokens; i++) {
    if (!tok_is(r, i, "template") || !tok_is(r, i + 1, "<") || in_ranges(r->skipped.items, r->skipped.len, r->tok[i].begin))
      continue;
    bool device = false;
    unsigned k = past_angles(r, i + 1);
    for (; k < r->ntokens && !tok_is(r, k, ";") && !tok_is(r, k, "{") && !tok_is(r, k, "template"); k++) {
      device |= r->kind[k] == CXToken_Identifier &&
                rl_in_section(r->env->db, r->f->text + r->tok[k].begin, r->tok[k].end - r->tok[k].begin, "Qualifiers");
      if (!tok_is(r, k, "(") || r->kind[k - 1] != CXToken_Identifier)
        continue;
      const char *name = r->f->text + r->tok[k - 1].begin;
      size_t n = r->tok[k - 1].end - r->tok[k - 1].begin;
      if (n > 4 && name[0] == '_' && name[1] == '_' && name[n - 1] == '_' && name[n - 2] == '_') {
        k = matching(r, k, "(", ")");
        continue;
      }
      if (device) {
        char *key = cm_xstrndup(name, n);
        nameset_add(r->kernel_templates, key);
        free(key);
      }
      break;
    }
  }
}

/* What the scanned tree defines is never a CUDA name to port, wherever it is
 * used: in a macro body, a disabled branch, or a file read lexically. */
static void read_own_names(Reader *r) {
  r->own_names = nameset_new();
  for (unsigned i = 0; i + 2 < r->ntokens; i++)
    if (tok_is(r, i, "#") && tok_is(r, i + 1, "define") && an_first_on_line(r->f, r->tok[i].begin)) {
      char *name = cm_xstrndup(r->f->text + r->tok[i + 2].begin, r->tok[i + 2].end - r->tok[i + 2].begin);
      nameset_add(r->own_names, name);
      if (defines_template_id(r, i))
        nameset_add(r->kernel_templates, name);
      free(name);
    }
  if (r->parsed)
    clang_visitChildren(clang_getTranslationUnitCursor(r->tu), own_decl, r);
  else
    read_lexical_templates(r);
}

/* The file's own inclusions, read when the tree is trusted. */
static void read_inclusions(Reader *r) {
  if (!r->parsed)
    return;
  r->own_std = std_map_new();
  std_map_read(r->own_std, r->tu, r->env);
  r->user_includes = nameset_new();
  std_user_includes(r->tu, r->env, r->user_includes);
  r->std_seen = nameset_new();
}

/* What every reading does once the tokens (and the tree, with tu) are in. */
static void read_facts(Reader *r) {
  blank_comments_and_strings(r);
  if (!r->parsed)
    r->scopes = lex_scopes_read(r->f, tok_text(r), r->tok, r->kind, r->ntokens);
  read_inclusions(r);
  read_own_names(r);
  read_all(r);
  ConstToken *t = const_tokens(r);
  find_constant_ranges(r->f, t, r->ntokens);
  read_macro_launches(r, t);
  free(t);
  vec_sort(&r->f->facts, by_offset);
  free(r->joined);
  if (r->tokens)
    clang_disposeTokens(r->tu, r->tokens, r->ntokens);
  free(r->tok);
  free(r->kind);
  free(r->cursors);
  vec_free(&r->skipped);
  lex_scopes_free(r->scopes);
  vec_free(&r->defines);
  vec_free(&r->device_fns);
  vec_free(&r->device_only);
  for (size_t i = 0; i < r->pointees.len; i++)
    free(r->pointees.items[i].type);
  vec_free(&r->pointees);
  std_map_free(r->own_std);
  nameset_free(r->user_includes);
  nameset_free(r->std_seen);
  nameset_free(r->own_names);
  nameset_free(r->kernel_templates);
}

void collect_facts(const ParseEnv *env, CXTranslationUnit tu, bool parsed, SourceFile *f) {
  Reader r = {.env = env, .tu = tu, .f = f, .parsed = parsed, .kernel_templates = nameset_new()};
  facts_index_lines(f);
  r.file = clang_getFile(tu, f->path);
  if (!r.file) {
    if (!f->fallback_reason)
      f->fallback_reason = cm_xstrdup("libclang did not load the file");
    f->parser = PARSER_LEXICAL;
    nameset_free(r.kernel_templates);
    return;
  }
  r.joined = join_chevrons(f->text, f->len);
  read_skipped(&r);
  read_tokens(&r);
  ask_the_tree(&r);
  read_facts(&r);
}

void collect_lexical_facts(const ParseEnv *env, const Candidate *c, SourceFile *f) {
  Reader r = {.env = env, .cand = c, .f = f, .kernel_templates = nameset_new()};
  facts_index_lines(f);
  r.joined = join_chevrons(f->text, f->len);
  lex_tokens(&r);
  read_facts(&r);
}

