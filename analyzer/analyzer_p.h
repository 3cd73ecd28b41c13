/* Internal to analyzer/: the pieces an_scan strings together. */
#ifndef HIPPORT_ANALYZER_P_H
#define HIPPORT_ANALYZER_P_H

#include <clang-c/Index.h>

#include "analyzer.h"

/* A file found by the walk, with the flags to parse it with. */
typedef struct {
  char *path, *rel;
  char **args;   /* NULL: the default CUDA flags */
  int nargs;
  char *dir;     /* the compile command's working directory */
} Candidate;

typedef VEC(Candidate) Candidates;
typedef VEC(char *) Strings;

/* walk.c: the files under the paths, CUDA or not, and the include/ folders. */
Status walk_paths(const char *const *paths, size_t n, char **root, Candidates *out, Strings *include_dirs,
                  size_t *files_walked);
/* cudaX, cuX, cublasX, CUDA_X...: a name only CUDA would use. */
bool cuda_like_name(const char *s, size_t n);
bool is_header_name(const char *name);
bool looks_like_cuda(const char *path, const char *text, size_t len, const RuleDb *db);
const char *binary_or_bad_utf8(const char *text, size_t len);

/* compdb.c: the files of a compile_commands.json, each with its own flags. */
Status read_compile_db(const char *dir, const char *root, Candidates *out);

/* A set of names (the names the CUDA headers declare). */
typedef struct NameSet NameSet;
NameSet *nameset_new(void);
void nameset_add(NameSet *s, const char *name);
bool nameset_has(const NameSet *s, const char *name, size_t len);
void nameset_free(NameSet *s);
void visit_declarations(CXTranslationUnit tu, const char *under, DeclSink sink, void *ctx);

/* parse.c: shared parser state, built once per scan and read by every worker. */
typedef struct {
  char *cuda_path;             /* the toolkit root, resolved */
  char *cuda_flag;             /* --cuda-path=... */
  char *cuda_include;
  char *cccl_include;          /* include/cccl (libcu++, CUB, Thrust) when the toolkit has it */
  const char *compat_include;
  Strings include_dirs;
  char *pch;                   /* the CUDA prelude, precompiled; NULL if it failed */
  NameSet *cuda_names;         /* every name the CUDA headers declare */
  NameSet *project_files;      /* each walked file's path and its tails (a/b.h, b.h) */
  const RuleDb *db;
} ParseEnv;

Status parse_env_init(ParseEnv *env, const ScanOptions *opt, const RuleDb *db, Strings include_dirs);
void parse_env_free(ParseEnv *env);
bool is_cuda_header_path(const ParseEnv *env, const char *path);
bool is_same_name_library_path(const ParseEnv *env, const char *path);

/* Parses one file and fills its facts (facts.c does the reading). */
void parse_file(const ParseEnv *env, CXIndex index, const Candidate *c, SourceFile *f);

/* facts.c: tokens (and, when the parse succeeded, the tree) into facts. */
void collect_facts(const ParseEnv *env, CXTranslationUnit tu, bool parsed, SourceFile *f);
void facts_index_lines(SourceFile *f);

#endif
