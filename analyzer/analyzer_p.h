/* Internal to analyzer/: the pieces an_scan strings together. */
#ifndef HIPPORT_ANALYZER_P_H
#define HIPPORT_ANALYZER_P_H

#include <pthread.h>

#include "analyzer.h"
#include "libclang.h"

/* A file found by the walk, with the flags to parse it with. */
typedef struct {
  char *path, *rel;
  char **args;   /* NULL: the default CUDA flags */
  int nargs;
  char *dir;     /* the compile command's working directory */
  char *skip;    /* why it is listed but not read (a link out of the tree); NULL: read it */
  BuildKind build; /* a build file, by its name or as a Makefile's include; else BUILD_NONE */
  VEC(unsigned) includes_outside; /* a Makefile: where it names an included file outside the tree */
  bool unreadable; /* the skip is an input error (a folder that cannot be listed) */
} Candidate;

typedef VEC(Candidate) Candidates;
typedef CmStrings Strings;

/* walk.c: the files under the paths, CUDA or not, and the include/ folders. */
Status walk_paths(const char *const *paths, size_t n, char **root, Candidates *out, Strings *include_dirs,
                  size_t *files_walked);
/* The deepest folder holding every (real) path. */
char *common_root(char **real, size_t n);
bool is_header_name(const char *name);
/* A regular file, not a FIFO or a device a read would wait on forever (walk.c). */
bool an_regular_file(const char *path);
bool looks_like_cuda(const char *path, const char *text, size_t len, const RuleDb *db);
bool is_binary(const char *text, size_t len);
long first_non_utf8(const char *text, size_t len);

/* walk.c: the headers of the repository around the scan (the folder holding
 * .git, else the scan root), for a local #include the parser's folders lack. */
typedef struct RepoIndex RepoIndex;
RepoIndex *repo_index_build(const char *scan_root);
const char *repo_index_root(const RepoIndex *ix);
/* The repository's git submodules that are not checked out ("a, b"); NULL: none. */
const char *repo_index_unfetched(const RepoIndex *ix);
char *repo_index_find(const RepoIndex *ix, const char *spelling, const char *from);
void repo_index_free(RepoIndex *ix);

/* compdb.c: the files of a compile_commands.json, each with its own flags. */
Status read_compile_db(const char *dir, const char *root, Candidates *out);
/* compdb.c: a command-line flag that matters to a parse, and what its value is. */
typedef enum { FLAG_FOLDER, FLAG_FILE, FLAG_TEXT, FLAG_NONE } FlagValue;
typedef struct {
  const char *name;
  FlagValue value; /* an include folder, a file, text (a macro, a standard), or none */
  bool joined;     /* written joined to its value ("-I/x"), not as two arguments */
  bool build;      /* kept from a build's compile command */
} ParseFlag;
/* The flag arg is, with its value attached or in next; the number of arguments
 * it takes (0: no such flag, or its value is missing). */
int read_flag(const char *arg, const char *next, const ParseFlag **flag, const char **value);
/* scan.c */
void free_candidates(Candidates *cands);

/* A set of names (the names the CUDA headers declare). */
typedef struct NameSet NameSet;
typedef struct StdMap StdMap;
NameSet *nameset_new(void);
void nameset_add(NameSet *s, const char *name);
bool nameset_has(const NameSet *s, const char *name, size_t len);
void nameset_each(const NameSet *s, void (*fn)(void *ctx, const char *name), void *ctx);
void nameset_free(NameSet *s);
void visit_declarations(CXTranslationUnit tu, const char *under, DeclSink sink, void *ctx);

/* parse_budget.c: the memory the parses running at once may add (see there). */
typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t freed;
  unsigned limit_mb;   /* 0: no bound */
  unsigned running_mb; /* the weights of the parses running */
} ParseBudget;
void parse_budget_init(ParseBudget *b, unsigned limit_mb);
void parse_budget_free(ParseBudget *b);
/* Waits until a parse of that weight fits, or none runs; then counts it. */
void parse_budget_take(ParseBudget *b, unsigned mb);
void parse_budget_give(ParseBudget *b, unsigned mb);
/* What parsing f adds to memory, in MB, by the rules' weights of what it includes. */
unsigned parse_weight(const RuleDb *db, const SourceFile *f);

/* What the prelude's parse brought to file scope, where the headers' text in
 * every branch only says what may be (crt/math_functions.h's `using
 * std::fabs;` for ARM): a header it included adds nothing when a file
 * includes it again. */
typedef struct {
  NameSet *files;     /* the real path of every header it included */
  NameSet *usings;    /* what `using std::NAME;` brought to file scope */
  bool using_std;     /* `using namespace std` at file scope */
} PreludeScope;

/* parse.c: shared parser state, built once per scan and read by every worker. */
typedef struct {
  char *cuda_path;             /* the toolkit root, resolved */
  char *cuda_flag;             /* --cuda-path=... */
  char *cuda_include;
  char *cccl_include;          /* include/cccl (libcu++, CUB, Thrust) when the toolkit has it */
  const char *compat_include;
  Strings include_dirs;
  char *pch;                   /* the CUDA prelude, precompiled; NULL if it failed */
  bool pch_cached;             /* pch is the cache's, kept after the run */
  bool pch_unchecked;          /* the cache's pch is not yet known to load (prelude_check) */
  bool lexical;                /* no parse at all: tokens only */
  bool tiered;                 /* a file is parsed only when its tokens leave something to the tree */
  struct SysHeaders *sys;      /* tiered: the system headers' macro names (sys_headers.c) */
  const char *cache_dir;       /* where PCHs are kept between runs; NULL: nowhere */
  char *prelude_key;           /* the cached prelude's key, which every cache key starts from */
  struct IncludeSets *sets;    /* include_sets.c; NULL without a cache */
  struct FileHashes *file_hashes; /* facts_cache.c: files' facts are kept with the PCHs; NULL: not kept */
  int pch_slot;                /* its entry in the table of what a signal removes */
  NameSet *cuda_names;         /* every name the CUDA headers declare */
  NameSet *project_files;      /* each walked file's path and its tails (a/b.h, b.h) */
  StdMap *std_via_cuda;        /* the prelude's standard headers, by file (stdnames.c) */
  StdMap *std_names;           /* the names namespace std declares in those, by name, with the header */
  NameSet *std_taken;          /* those it also takes from the C library (`using ::sqrt;`) */
  NameSet *c_doubles;          /* the C library's functions of doubles only, as "name/arity" (sqrt/1, pow/2) */
  StdMap *prelude_values;      /* the CUDA headers' macros whose body is a number, by name (CUDART_VERSION) */
  Strings search_dirs;         /* the folders the prelude's <headers> were found in, clang's own among them */
  Strings prelude_roots;       /* the headers the driver includes before every file (clang's CUDA wrapper) */
  PreludeScope scope;          /* what the prelude's headers brought to file scope */
  NameSet *c_types;            /* file-scope typedefs of the C library that std declares too (size_t) */
  const RuleDb *db;
  const char *const *extra_args; /* the user's -I, -D, -include, --extra-arg */
  size_t nextra;
  const char *scan_root;
  RepoIndex *repo;             /* the repository's headers, made on first need */
  const Candidates *cands;     /* every file the walk found */
  struct ProjectMacros *project_macros; /* what they may define, made on first need (project_macros.c) */
  pthread_mutex_t project_lock;
  pthread_mutex_t repo_lock;
  pthread_mutex_t pch_lock;    /* the one prelude_check */
  ParseBudget budget;
} ParseEnv;

Status parse_env_init(ParseEnv *env, const ScanOptions *opt, const RuleDb *db, Strings include_dirs,
                      const char *scan_root);
/* A parse may recurse as deep as the code nests (200,000 terms in one
 * expression): each worker parses on its own thread with this much stack (only
 * what is touched is ever backed by memory). */
enum { PARSE_STACK_BYTES = 1 << 30 };
/* A worker thread's set-up and end: a signal stack of its own, so that a parse
 * that overflows even that stack is caught by libclang's crash recovery. */
void parse_thread_init(void);
void parse_thread_done(void);
void parse_env_free(ParseEnv *env);
bool is_cuda_header_path(const ParseEnv *env, const char *path);
/* clang calls the headers of the tree's header folders system ones, as they come
 * after the system's (AN_TREE_HEADERS_FLAG): this says what is a system header
 * apart from those. */
bool in_system_header(const ParseEnv *env, CXSourceLocation loc);
bool is_same_name_library_path(const ParseEnv *env, const char *path);

/* prelude_cache.c: the prelude's PCH and what its tree told, kept between runs
 * in a cache folder. The key covers libclang, hipport, the flags and the toolkit;
 * a load fills env's pch, cuda_names and std_via_cuda, a store keeps them. */
char *prelude_cache_key(const ParseEnv *env, const char *const *args, int nargs);
char *cache_hash(const char *seed, const char *data, size_t len);
char *cache_entry_path(const char *dir, const char *key, const char *ext);
void cache_touch(const char *path);
/* Drops the least recently used entries past the cache's bounds. */
void cache_prune(const char *dir);
/* What may still be added before the cache holds its bound in bytes (negative:
 * past it, with entries too recent to drop). */
long long cache_room(const char *dir);
/* A hit leaves the PCH unchecked: a run whose every file's facts are reused
 * never parses, and so never pays for loading it. */
bool prelude_cache_load(ParseEnv *env, const char *dir, const char *key);
/* Whether the PCH loads with these flags (-include-pch among them). */
bool prelude_pch_loads(const char *const *args, int nargs);
bool prelude_cache_store(ParseEnv *env, const char *dir, const char *key, CXTranslationUnit tu);

/* The flags every parse gets, before a file's own, with that PCH (or none);
 * the number written. */
int base_args(const ParseEnv *env, const char **args, const char *pch);

/* include_sets.c: PCHs of the #include blocks files open with (see there).
 * Every file's block is counted before any is parsed; then include_set_pch
 * gives the PCH a file is to be parsed with, or NULL for the prelude's. */
typedef struct IncludeSets IncludeSets;
IncludeSets *include_sets_new(void);
void include_sets_free(IncludeSets *s);
void include_sets_count(ParseEnv *env, const Candidate *c, const char *text, size_t len);
const char *include_set_pch(ParseEnv *env, const Candidate *c, const SourceFile *f);
/* A file parsed well without the PCH and not with it: the PCH is stale. */
void include_set_failed(ParseEnv *env, const char *pch);

/* facts_cache.c: a file's facts kept between runs (see there). The bytes of
 * the files parses include are hashed once per run, shared by the workers. */
typedef struct FileHashes FileHashes;
FileHashes *file_hashes_new(void);
void file_hashes_free(FileHashes *m);
/* A file's identity as stat tells it: equal stamps, same bytes. All zero:
 * unknown (the file is missing, or was changed too recently to trust its times). */
typedef struct {
  uint64_t dev, ino, size, mtime_ns, ctime_ns;
} FileStamp;
/* The hash of a file's bytes ("missing" when it cannot be read), and its stamp;
 * each file is read and stat'ed once a run. */
uint64_t file_hash(FileHashes *m, const char *path);
FileStamp file_stamp(FileHashes *m, const char *path);
/* The key of a file's entry; of a header read in its includer's tree. */
char *facts_cache_key(const ParseEnv *env, const Candidate *c, const SourceFile *f);
char *facts_cache_context_key(const ParseEnv *env, const char *header_key, const char *includer_key);
/* What the repository search for a header a parse did not find answers (its
 * root, and the folder found or none), as a hash: kept facts hold it. */
uint64_t repository_answer(ParseEnv *env, const char *header, const char *from);
/* A hit replaces f's parse with the stored one and marks f reused. */
bool facts_cache_load(ParseEnv *env, const char *key, SourceFile *f);
/* Keeps f's parse, with the files tu included; with `missing`, a header tu did
 * not find, also with where it would be found (each of `folders`, and each
 * folder an included file came from), so that adding it there is a miss. */
void facts_cache_store(ParseEnv *env, const char *key, const SourceFile *f, CXTranslationUnit tu,
                       const char *missing, const Strings *folders);
/* Keeps f's facts read from its tokens, with the files that reading read besides it. */
void facts_cache_store_read(ParseEnv *env, const char *key, const SourceFile *f, const Strings *read);
/* An entry as written and read, without a parse (test_facts_cache round-trips
 * facts through these): what the parse read besides the file, with the hash of
 * each one's bytes and its stamp: a file whose stamp is the same is not read
 * again to be hashed. */
typedef struct {
  char *path;
  uint64_t hash;
  FileStamp stamp;
} Included;
typedef VEC(Included) Manifest;
bool facts_cache_write(const char *dir, const char *key, const SourceFile *f, const Manifest *m);
bool facts_cache_read(const char *dir, const char *key, SourceFile *f, Manifest *m);
void facts_cache_manifest_free(Manifest *m);
/* A private name in the cache folder, to be renamed into place. */
char *cache_private_name(const char *dir, const char *key);

/* When the real parse gives nothing at all, a TU is still needed for clang's
 * tokens: parse the file's text (its spaced chevrons joined) with no include
 * paths, errors ignored. */
CXTranslationUnit lexical_tu(CXIndex index, const char *path, const char *text, size_t len);
/* chevrons.c: the text with spaced launch chevrons (`< < <`, `> > >`) joined in
 * place, as libclang is to read it (malloc'd); NULL when it has none. */
char *join_chevrons(const char *text, size_t len);
/* A parsing thread's index, made on its first parse: a run that parses nothing
 * never loads libclang. */
typedef struct {
  CXIndex index;
  const Candidate *tree_of; /* the includer whose tree is kept, for the next header read in it */
  CXTranslationUnit tree;
  unsigned tree_mb;         /* what that tree holds of the parse budget */
} ParseWorker;
CXIndex worker_index(ParseWorker *p);
/* Parses one file and fills its facts (facts.c does the reading). */
void parse_file(ParseEnv *env, ParseWorker *p, const Candidate *c, SourceFile *f);
/* The parse of a file parse_file left pending (--tiered). */
void parse_pending(ParseEnv *env, ParseWorker *p, const Candidate *c, SourceFile *f);

/* A header read from the tree of a file that includes it (see parse.c). */
/* Disposes of the includer's tree a worker kept (parse_in_context). */
void parse_worker_drop_tree(ParseEnv *env, ParseWorker *p);
bool parse_in_context(ParseEnv *env, ParseWorker *p, const Candidate *includer, SourceFile *inc_file,
                      const Candidate *hc, SourceFile *header);

/* constants.c: where constant expressions are required, from the file's tokens. */
typedef struct {
  unsigned begin, end;
  CXTokenKind kind;
  bool template_name;   /* the tree says the token names a template */
} ConstToken;
void find_constant_ranges(SourceFile *f, const ConstToken *t, unsigned n);

/* facts.c: a directive's `#` starts its line; the directive's logical line ends at. */
bool an_first_on_line(const SourceFile *f, unsigned off);
unsigned an_directive_end(const SourceFile *f, unsigned off);

/* macro_launches.c: a use of a macro of the file whose body holds a launch's
 * chevrons and not the whole launch (`#define L k<<<g, b>>>` used as `L(x)`), or
 * the launch of a function-like macro's parameters; text is the file's, with
 * spaced chevrons joined. */
typedef struct {
  unsigned begin, end;       /* the use, from the macro's name to its `)` */
  unsigned open, close;      /* the body's `<<<` and `>>>` */
  unsigned lparen, rparen;   /* the use's parentheses */
  char *kernel;              /* the kernel as the use expands it */
  char *expansion;           /* the launch the use expands to, with the body's `;` if it has one */
} MacroLaunch;
typedef VEC(MacroLaunch) MacroLaunches;
void find_macro_launches(const SourceFile *f, const char *text, const ConstToken *t, unsigned n,
                         MacroLaunches *out);
void free_macro_launches(MacroLaunches *l);

/* stdnames.c: the C++ standard headers the CUDA headers included, by the path
 * of every file they brought in ("/usr/include/c++/12/bits/stl_vector.h" ->
 * "vector"), read from a translation unit's inclusions. */
StdMap *std_map_new(void);
void std_map_read(StdMap *m, CXTranslationUnit tu, const ParseEnv *env);
const char *std_map_header(const StdMap *m, const char *path);
/* For the prelude cache: the map written out and read back. */
void std_map_add(StdMap *m, const char *path, const char *header);
void std_map_sort(StdMap *m);
void std_map_each(const StdMap *m, void (*fn)(void *ctx, const char *path, const char *header), void *ctx);
void std_map_free(StdMap *m);
/* Every header m lists for key is in headers (also when it lists none). */
bool std_map_all_in(const StdMap *m, const char *key, const NameSet *headers);
/* The one header m lists for key, however many times; NULL: none, or two. */
const char *std_map_single(const StdMap *m, const char *key);
/* From the prelude's tree: where its <headers> were found and what the driver
 * included first; the names of std its standard headers declare (std_names). */
void prelude_folders(CXTranslationUnit tu, Strings *dirs, Strings *roots, NameSet *files);
/* Its file scope's usings of std, and the C library's typedefs that std_names
 * holds too (size_t: an unqualified use is the C one). */
void prelude_file_scope(CXTranslationUnit tu, const ParseEnv *env, PreludeScope *scope, NameSet *c_types);
void prelude_std_names(CXTranslationUnit tu, const StdMap *via_cuda, StdMap *out, NameSet *taken);
/* The system headers' file-scope functions whose parameters and result are
 * all double (the C library's sqrt, pow), as "name/arity", into out. */
void prelude_c_doubles(CXTranslationUnit tu, const ParseEnv *env, NameSet *out);
/* The CUDA headers, clang's CUDA wrappers and hipport's stand-ins; NULL is the
 * prelude's implicit include. */
bool an_cuda_side(const ParseEnv *env, const char *path);
/* The CUDA headers' macros whose body is one number (CUDART_VERSION 13000), by name (a StdMap of name and body). */
void prelude_values(CXTranslationUnit tu, const ParseEnv *env, StdMap *out);
/* The X of `#include <X>` or "X" whose '#' is at `hash`, with its length in
 * *len; NULL when the line there is no include closed on its line. */
const char *an_include_target(const char *hash, const char *end, size_t *len);
/* The same for the line that starts at `line`, blanks before its '#' allowed. */
const char *an_line_include(const char *line, const char *end, size_t *len);
/* `#include MACRO`: a header a macro names. */
bool an_line_computed_include(const char *line, const char *end);
/* The name a `#define NAME` line defines (*len its length), or NULL for any other line. */
const char *an_line_define(const char *line, const char *end, size_t *len);
/* The headers a file and its project headers include themselves, by name. */
void std_user_includes(CXTranslationUnit tu, const ParseEnv *env, NameSet *out);

/* buildfile.c: a build file's commands, when it mentions CUDA (else false, and
 * nothing is read); never runs anything. */
bool read_build_file(SourceFile *f, BuildKind kind, const RuleDb *db);
/* buildfile.c: the '\n' that ends the line at i, backslash-newlines joined (as
 * make and the C preprocessor join them); len when none does. */
size_t logical_line_end(const char *t, size_t len, size_t i);
/* buildfile.c: the files a Makefile at path includes by a literal name (include,
 * -include, sinclude), resolved from its folder, as make run there finds them,
 * each with where its name is in the text. */
typedef struct {
  char *path;
  unsigned at;
} MakeInclude;
typedef VEC(MakeInclude) MakeIncludes;
void make_includes(const char *path, const char *text, size_t len, MakeIncludes *out);
void make_includes_free(MakeIncludes *m);
void free_build_commands(SourceFile *f);

/* facts.c: tokens (and, when the parse succeeded, the tree) into facts. */
void collect_facts(const ParseEnv *env, CXTranslationUnit tu, bool parsed, SourceFile *f);
/* The same from the file's tokens alone, read without libclang (--lexical). */
void collect_lexical_facts(const ParseEnv *env, const Candidate *c, SourceFile *f);

/* lexer.c: the tokens clang_tokenize gives a CUDA file, without libclang, and
 * the #if branches that are dead. */
typedef struct {
  unsigned begin, end;
  CXTokenKind kind;
} LexToken;
typedef VEC(LexToken) LexTokens;
typedef struct {
  unsigned begin, end;
} LexRange;
typedef VEC(LexRange) LexRanges;
void an_lex(const char *text, size_t len, LexTokens *out);
/* Token w is the text s. */
bool an_lex_word_is(const char *text, const LexToken *w, const char *s);
/* sys_headers.c: the macro names the system headers a file includes may define,
 * from their text and that of every header they include in turn. */
typedef struct SysHeaders SysHeaders;
typedef struct SysClosure SysClosure;
typedef VEC(const SysClosure *) SysClosures;
/* Which headers declare CUDA's API: the toolkit's, but for the libraries that keep their names. */
typedef struct {
  bool (*is_api)(const char *real_path, void *ctx);
  void *ctx;
} SysApi;
/* Looks for <headers> in the folders of each list, in order. */
SysHeaders *sys_headers_new(const Strings *const *dirs, size_t n, SysApi api);
void sys_headers_free(SysHeaders *s);
/* The closure of the header at path (kept for the scan; safe from any worker). */
const SysClosure *sys_headers_closure(SysHeaders *s, const char *path);
bool sys_closure_may_define(const SysClosure *c, const char *name, size_t n);
/* What the closures of roots reach declares nothing here: the prelude's
 * names are the prelude parse's (ParseEnv.cuda_names), which its branches
 * decided, where the text's every branch would give more (cuda_runtime.h's
 * `typedef unsigned size_t;` for NVRTC). Nor do the headers the prelude
 * included bring std's names to file scope: the roots' closures bring what
 * the parse found (scope). Called before any closure but theirs. */
void sys_headers_leave_out(SysHeaders *s, const Strings *roots, const PreludeScope *scope);
/* A CUDA API header of the closure declares name (a function, type or enumerator). */
bool sys_closure_declares(const SysClosure *c, const char *name, size_t n);
/* A header of the closure may bring std's `name` to file scope: by `using
 * namespace std`, `using std::name;`, or one it could not follow; with inner,
 * also by one within a namespace (for a file that says `using namespace x`). */
bool sys_closure_may_use_std(const SysClosure *c, const char *name, size_t n, bool inner);
/* The header at real_path is in the closure. */
bool sys_closure_has(const SysClosure *c, const char *real_path);
/* Which headers are CUDA's, and which standard headers a file has already. */
typedef struct {
  bool (*cuda)(const char *real_path, void *ctx);
  bool (*known)(const char *real_path, void *ctx);
  void *ctx;
} SysSide;
/* Whether the CUDA header at path may bring in a standard header not known:
 * from its own or another CUDA header it includes, an #include spelled without
 * an extension (<vector>, as stdnames.c counts them) of a header that is not
 * CUDA's. The answer is kept per header: `side` must be the same all scan long. */
bool sys_headers_brings_std(SysHeaders *s, const char *path, const SysSide *side);

/* project_macros.c: what the files that may include a header, and the project
 * headers they include, may define before it: their #defines and -D flags,
 * and the system headers they include. */
typedef struct ProjectMacros ProjectMacros;
typedef struct Includers Includers;
Includers *project_includers(ParseEnv *env, const char *header);
bool includers_may_define(const Includers *r, const char *name, size_t n);
/* One of them uses, opens or aliases namespace std (or may: an #include MACRO). */
bool includers_use_std(const Includers *r);
/* A system header one of them includes brings std's `name` to file scope. */
bool includers_may_use_std(const Includers *r, const char *name, size_t n);
/* Another file of the tree may include the file at path (an #include naming its last part). */
bool project_file_included(ParseEnv *env, const char *path);
void includers_free(Includers *r);
void project_macros_free(ProjectMacros *p);

/* lex_macros.c: the macros a lexical reading knows (the file's, its project
 * headers', the user's -D and -U, the compiler's), and the #if conditions they decide. */
typedef struct LexMacros LexMacros;
/* A file's macros: its flags and the scan's, the compiler's, and where env has
 * the system's names (--tiered) those; env NULL: the file's own alone. */
LexMacros *lex_macros_new(const ParseEnv *env, const Candidate *c);
void lex_macros_free(LexMacros *m);
/* The header `#include <name>` (angle) or "name" in file `from` brings into c's
 * parse, in the order its parse looks (real path, malloc'd); NULL: found nowhere. */
char *lex_find_header(const ParseEnv *env, const Candidate *c, const char *from, const char *name, size_t n,
                      bool angle);
/* A header of the tree scanned, not the toolkit's. */
bool lex_project_header(const ParseEnv *env, const char *real);
/* offset lies in one of the ranges. */
bool lex_ranges_has(const LexRanges *r, unsigned offset);
/* Offset in the project header at path lies in a branch dead wherever m's file
 * includes it (false for one m did not follow: its branches may all be live). */
bool lex_macros_header_dead(const LexMacros *m, const char *path, unsigned offset);
/* What may include the file read (--tiered, a header or a source another
 * includes); NULL for any other. */
const Includers *lex_macros_includers(const LexMacros *m);
/* tiers.c: why a file read from its tokens still needs a parse, and where
 * (its caller's to free), or NULL; `read` gets the project headers it read to tell (real paths). */
char *tier_needs_tree(const ParseEnv *env, const Candidate *c, SourceFile *f, Strings *read);
/* No rule and no CUDA header knows name: no fact is read of it. */
bool lex_macros_plain_name(const LexMacros *m, const char *name, size_t n);
/* The condition of the #if, #ifdef, #ifndef or #elif whose word is token w: 1, 0, or -1 when undecided. */
int lex_macros_condition(LexMacros *m, const SourceFile *f, const char *text, const LexTokens *t, size_t w);
/* A #define, #undef or #include "..." (token w its word) in a live branch, surely taken or perhaps. */
void lex_macros_directive(LexMacros *m, const SourceFile *f, const char *text, const LexTokens *t, size_t w,
                          bool sure);
/* The dead #if branches (from the `#` of the directive opening one to the `#`
 * of the one that ends it, as clang's skipped ranges), as m decides them, into out (NULL: m's macros only);
 * gives the first token of the first condition m left undecided, plus one; 0: none. */
size_t an_lex_branches(const SourceFile *f, const char *text, const LexTokens *t, LexMacros *m, LexRanges *out);
void facts_index_lines(SourceFile *f);

/* lex_scopes.c: what a file declares, from its tokens, where there is no tree. */
typedef struct LexScopes LexScopes;
enum { LEX_NO_TYPE = 0xFFFFFFFFu };
typedef struct {
  unsigned type;    /* the token naming the declaration's type; LEX_NO_TYPE for a keyword type */
  bool is_const, is_volatile;
  unsigned keyword; /* a keyword type's last token (`double`, `long` of `unsigned long`); LEX_NO_TYPE for a named one */
  bool pointer;     /* declared with a `*`, or an array */
} LexDeclared;
LexScopes *lex_scopes_read(const SourceFile *f, const char *text, const LexRange *tok, const CXTokenKind *kind,
                           unsigned n);
bool lex_scopes_declared(const LexScopes *s, unsigned i, LexDeclared *out);
/* The names of the functions the file declares, into out. */
void lex_scopes_functions(const LexScopes *s, NameSet *out);
/* Token i is code: on no directive line (#include, #define). */
bool lex_scopes_in_code(const LexScopes *s, unsigned i);
/* facts.c: `cg` or `cooperative_groups`, the qualifiers of cooperative groups'
 * names; the rule of cooperative_groups::name (reduce, plus), or NULL. */
bool an_cg_qualifier(const char *q, size_t n);
const Rule *an_cg_rule(const RuleDb *db, const char *name, size_t n);
/* A name spelled like CUDA's (a rules' prefix, or a leading __): one the CUDA
 * headers declare is read without the tree too, as an unknown use (HP1005). */
bool an_cuda_like(const RuleDb *db, const char *name, size_t n);
/* The names of the types the file defines, into out: a class, struct, union or
 * enum with its body or base, a typedef's, an alias's (`using T = ...`), and
 * the enumerators of its unscoped enums. */
void lex_scopes_types(const LexScopes *s, NameSet *out);
/* The tokens as lex_scopes_read takes them: ranges and kinds apart (freed by the caller). */
void lex_token_arrays(const LexTokens *t, LexRange **tok, CXTokenKind **kind);
/* The functions a text declares (`T name(` outside any function's body) and
 * the types and enumerators it defines, read from its tokens. */
void lex_declared_names(const SourceFile *f, NameSet *functions, NameSet *types);
/* Token i of those s was read from is w (one of ws). */
bool lex_scopes_token_is(const LexScopes *s, unsigned i, const char *w);
bool lex_scopes_token_is_any(const LexScopes *s, unsigned i, const char *const *ws);
/* lex_args.c: what the tokens tell of a call's arguments. */
/* NO_STD: of a type the tokens do not tell, but of none of namespace std's:
 * a call of a CUDA function the project does not declare (min(b, x)). */
typedef enum { LEX_ARG_UNKNOWN, LEX_ARG_BUILTIN, LEX_ARG_DOUBLE, LEX_ARG_NO_STD } LexArgType;
typedef struct {
  NameSet *builtin, *doubles; /* macros whose body is a number: a double literal, or another */
} LexNumbers;
/* Each argument of the call whose `(` is token open, into out: how many, or
 * -1 where the list does not close or holds more than max. BUILTIN: a type
 * of the language's own (or a pointer to one), not a double. numbers may be
 * NULL; db names CUDA's built-in variables and functions, own the functions
 * the project declares (NULL: none). */
int lex_call_arguments(const LexScopes *scopes, const LexNumbers *numbers, const RuleDb *db, const NameSet *own,
                       const char *text, const LexRange *tok, const CXTokenKind *kind, unsigned n, unsigned open,
                       LexArgType *out, int max);
void lex_scopes_free(LexScopes *s);
/* Drops what collect_facts gave, so that a file can be read again. */
void an_forget_facts(SourceFile *f);
/* A name of std at [off, off + len) whose header (cmath) the file has only
 * through the CUDA headers, as a parse would find it: an FK_STD_NAME fact, in
 * its place among f's facts. */
void an_add_std_fact(SourceFile *f, unsigned off, unsigned len, const char *header);
/* Drops the headers include discovery found for the file (parse.c). */
void an_forget_found_includes(SourceFile *f);

#endif
