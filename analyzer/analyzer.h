/* analyzer: from files to facts.
 *
 * Takes the paths a user names (files and folders, or a compile_commands.json),
 * decides which files are CUDA, parses each with libclang in CUDA mode against the
 * real CUDA Toolkit headers, and gives every use of a CUDA entity in those files:
 * identifiers, includes, kernel launches, inline asm, with exact byte ranges. Code
 * in preprocessor-disabled regions and macro bodies is read from clang's own
 * tokens; a file libclang cannot parse is read the same way and marked lexical.
 * With `lexical` every file is read from tokens of hipport's own lexer, which
 * gives what clang_tokenize gives, and libclang is never loaded. The analyzer
 * knows CUDA names only through the rule database it is handed. */
#ifndef HIPPORT_ANALYZER_H
#define HIPPORT_ANALYZER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "rules.h"

typedef enum {
  FK_IDENT,        /* a CUDA name: call, type, constant, macro, device function */
  FK_INCLUDE,      /* #include of a CUDA header; name is the header as written */
  FK_LAUNCH,       /* kernel<<<...>>>(...); name is the kernel expression */
  FK_ASM,          /* asm/__asm__ statement; name lists its PTX instructions */
  FK_DEVICE_LAUNCH,/* a launch inside __global__/__device__ code */
  FK_MEMBER,       /* obj.member of a CUDA type; name is "Type.member" (cudaDeviceProp.warpSize) */
  FK_STD_NAME,     /* a C++ standard name whose declaration reached the file only through
                      the CUDA headers; name is the header they included (cmath), the range
                      the name's first use in the file */
} FactKind;

typedef enum { PARSER_LIBCLANG, PARSER_LEXICAL } Parser;

typedef struct {
  FactKind kind;
  unsigned offset, length;   /* byte range in the file */
  unsigned line, column;     /* 1-based, column in bytes as compilers print it */
  char *name;
  const char *cursor;        /* libclang's cursor kind, or "token" when read lexically */
  bool disabled;             /* inside a region the preprocessor skipped */
  bool in_macro;             /* inside a #define body */
  bool cuda_declared;        /* resolved to a declaration in the CUDA headers */
  bool own;                  /* FK_IDENT: a name the rules map that the scanned tree itself defines (a macro
                                of the file, #define's own name included, or a declaration of the tree): the
                                tree's, not CUDA's, and renamed only by hipify-clang's name-by-name convention */
  bool host_code;            /* compiled for the host: outside every __device__/__global__ function that is
                                not also __host__, as the tree tells (false in a file read lexically, a
                                disabled region or a macro body, where it does not) */
  char *declared_by;         /* then the header that declares it (its last path part: cublas.h tells the
                                legacy cublasSscal from cublas_v2.h's); else NULL */
  char *aliased;             /* FK_IDENT: the CUDA type a typedef no rule knows stands for
                                (nv_half: __half), when a rule knows that one; else NULL */
  char *pointee;             /* FK_IDENT called with a pointer first: the type it points to, unqualified
                                and canonical ("float", "float4", "__half"), where the tree knows it (not a
                                template's T); else NULL */
  bool pointee_scalar;       /* that type is a fundamental arithmetic one (bool to double) */
  int params;                /* FK_IDENT: the parameter count of the CUDA function declaration the
                                name resolves to, which tells C++ overloads apart; -1 when unknown */
  /* FK_LAUNCH: offsets of "<<<", ">>>" and the call's "(" and ")"; FK_MEMBER: open is where the
     access starts (h2 in h2.x), the member itself being at offset */
  unsigned open, close, lparen, rparen;
  char *qualifiers;          /* FK_MEMBER: the access's cv-qualifiers, as C++ writes them ("const",
                                "volatile", "const volatile"): in->x through a const __half2 *in is a const
                                __half, and a cast that wraps it must keep that; NULL when none */
  char *expansion;           /* FK_LAUNCH at a macro's use (`L(x)` for `#define L k<<<g, b>>>`): the launch
                                the use expands to, `k<<<g, b>>>(x)`, with the body's `;` if it has one; open
                                and close are then the body's chevrons, before offset; else NULL */
  bool template_kernel;      /* FK_LAUNCH: the kernel is a template (k<T>, one the file declares, or
                                a macro of the file whose body is a template-id) */
} Fact;

/* A local #include the parser's folders lacked, found in the repository. */
typedef struct {
  char *header;        /* as written in the #include */
  char *dir;           /* the folder added to the file's include path */
} FoundInclude;

/* A stretch of code where C++ requires a constant expression. */
typedef struct {
  unsigned begin, end;       /* byte range, brackets excluded */
  const char *what;          /* "an array bound", "a template argument", "a static_assert"... */
} ConstantRange;

/* Build files (CMakeLists.txt, *.cmake, Makefile, GNUmakefile, *.mk) are read as
 * text, never run: a CMake file into its commands, a Makefile into its logical
 * lines, each with its words. ORDER BUILD_KIND */
typedef enum { BUILD_NONE, BUILD_CMAKE, BUILD_MAKE } BuildKind;
typedef enum { BW_UNQUOTED, BW_QUOTED, BW_BRACKET } BuildWordKind;

typedef struct {
  unsigned start, end;       /* the whole word, quotes included */
  BuildWordKind kind;        /* Make: always BW_UNQUOTED (quotes stay inside a word) */
} BuildWord;

#define BUILD_NO_VALUE UINT32_MAX

/* CMake: a command `name(args)`, its words the arguments; `close` is its ')', or
 * the file's length when the file ends first (unterminated).
 * Make: a logical line (backslash-newlines joined) from `start` to `close`; an
 * assignment (NAME = value, :=, ?=, +=, ...) has its name at [start, name_end)
 * and its words from `value`; a recipe line (a tab first) or any other line has
 * value BUILD_NO_VALUE and words from the line's start. A `#` word ends the words. */
typedef struct {
  unsigned start, name_end, close;
  unsigned value;
  bool recipe;
  VEC(BuildWord) words;
} BuildCommand;

typedef struct {
  char *path;          /* as opened */
  char *rel;           /* relative to the scan root */
  char *text;          /* the file's bytes, NUL-terminated */
  size_t len;
  Parser parser;
  char *fallback_reason;  /* why the file was read lexically; NULL when parsed */
  unsigned fallback_offset; /* where in the file the parse failed (0 when elsewhere) */
  char *parsed_with;      /* a file that includes this one, from whose tree it was read; or NULL */
  bool alone_errors;      /* its own parse had errors in it (a header names a type its includer
                             includes declare): an includer's tree may read it whole */
  char *skip_reason;      /* unreadable, binary, a link out of the tree: no facts at all */
  bool not_utf8;          /* some bytes are not UTF-8: the file is read all the same */
  unsigned not_utf8_at;   /* the first of them */
  bool unreadable;        /* an input error the exit code reports after the scan */
  bool reused;            /* the facts are an earlier run's, kept in the cache: nothing it read has changed */
  bool settled;           /* tiered: read from its tokens alone, nothing in it needing the tree */
  char *needs_tree;       /* tiered: why it was parsed all the same, and where ("...: `fabs`, line 12"); else NULL */
  bool pending;           /* tiered: its parse waits until every file is read (scan.c) */
  VEC(FoundInclude) found_includes;
  VEC(Fact) facts;
  VEC(unsigned) line_starts;  /* byte offset of each line, for locations */
  const char *eol;     /* the file's line ending: "\n", "\r\n" or "\r" (kept in what is written) */
  unsigned bom;        /* 3 when the file starts with a UTF-8 byte order mark, else 0 */
  char *code_only;     /* text with comments and string/char literals blanked */
  VEC(ConstantRange) constants;  /* in file order; they may nest */
  BuildKind build;     /* a build file: commands instead of facts */
  VEC(BuildCommand) commands;
  VEC(unsigned) includes_outside; /* a Makefile: where it names a file it includes that lies outside the
                                     tree scanned (../../common/make.config of a program scanned alone) */
  bool includes_makefiles;        /* a Makefile that includes others (which may set what it uses) */
  VEC(unsigned) host_sources;     /* a Makefile: where a recipe or a rule names a C or C++ source that is
                                     CUDA (main.c calling the runtime), whose port includes HIP's headers */
} SourceFile;

typedef struct {
  const char *cuda_path;       /* CUDA Toolkit root; NULL: CUDA_PATH, then /usr/local/cuda */
  const char *compile_db;      /* folder holding compile_commands.json, or NULL */
  const char *compat_include;  /* hipport's parser compatibility headers */
  const char *const *extra_args; /* compiler flags for every file: -I, -D, -include, --extra-arg */
  size_t nextra;
  const char *cache_dir;        /* where the CUDA prelude's PCH, include sets' PCHs and files' facts are
                                   kept between runs; NULL: not kept */
  int jobs;
  unsigned parse_memory_mb;    /* what the parses running at once may add, by the rules' weights; 0: no bound */
  bool lexical;                /* tokens only, no parse: a first look at a huge tree */
  bool tiered;                 /* each file from its tokens, parsed only where they leave something to a parse */
  bool progress;               /* a progress line on stderr */
} ScanOptions;

typedef struct {
  unsigned long long dev, ino;
} FileKey;

typedef struct {
  char *root;                  /* the scan root paths are relative to */
  size_t files_scanned;        /* every file walked */
  size_t reused_files;         /* CUDA files whose facts an earlier run kept, not parsed again */
  size_t settled_files;        /* tiered: CUDA files read from their tokens alone */
  bool lexical;                /* every file read by tokens only, as asked */
  VEC(SourceFile *) files;     /* the CUDA files, sorted by rel path */
  VEC(FileKey) read;           /* every file the scan read, CUDA or not */
  VEC(char *) header_dirs;     /* every folder of the tree holding a header: each file was parsed with
                                  them on its include path (AN_TREE_HEADERS_FLAG), so a build of it
                                  needs them too */
} Facts;

/* How the tree's header folders join a file's include path: after the system's,
 * as a build that names them with -I finds them for every header the system
 * lacks, but a tree's own unistd.h (rodinia's kmeans keeps one for Windows)
 * does not stand in for the system's in every other file of the tree. */
#define AN_TREE_HEADERS_FLAG "-idirafter"


/* What the parses running at once may add to memory unless asked otherwise: one
 * Thrust or CUB tree (about 135 MB) beside a cooperative-groups one, never two
 * of them. With 256 a cold -j2 scan of the 2,000-file generated tree peaked at
 * 526 MB, where the facts kept of the files read (about 45 KB a file) took the
 * rest (docs/performance.md). */
enum { AN_PARSE_MEMORY_MB = 192 };

/* What an_scan's failures can be remedied by (cm_error_cause). */
enum { AN_NO_CUDA_HEADERS = 0x100 /* the CUDA Toolkit root has no include/cuda_runtime.h */ };

/* Walks and parses. ST_INPUT for a missing path or a bad compile database (then
 * `out` holds nothing to free); a file that fails to parse is not an error (it is
 * read lexically). */
Status an_scan(const char *const *paths, size_t npaths, const ScanOptions *opt, const RuleDb *db, Facts *out);
void an_facts_free(Facts *f);
/* `path` is a file the scan read: an output must never go there. */
bool an_was_read(const Facts *f, const char *path);
/* The folder a scan of these paths reports relative to (malloc'd); NULL when a
 * path does not exist. */
char *an_scan_root(const char *const *paths, size_t npaths);
void an_source_free(SourceFile *f);

/* What kind of build file a file name (a path's last part) is; BUILD_NONE: none. */
BuildKind an_build_kind(const char *name);
/* A build file a build starts from (CMakeLists.txt, a Makefile), not a
 * fragment another one includes (*.cmake, *.mk). */
bool an_build_entry(const char *name);

/* A line ends at text[i]: a \n, or a \r that does not start a \r\n (old Mac files). */
bool an_line_ends(const char *text, size_t len, size_t i);

/* 1-based line and column of a byte offset. */
void an_location(const SourceFile *f, unsigned offset, unsigned *line, unsigned *column);
/* What requires a constant expression at offset ("an array bound"); NULL: nothing. */
const char *an_constant_at(const SourceFile *f, unsigned offset);

/* The CUDA Toolkit root: `asked` (--cuda-path), else $CUDA_PATH, else /usr/local/cuda. */
const char *an_cuda_path(const char *asked);

/* A build folder's compile_commands.json: each entry's folder, file (as
 * written) and arguments (its "arguments", or its "command" split as a shell
 * would). An entry without a folder or a file is left out. */
typedef struct {
  char *dir, *file;
  CmStrings args;
} CompileEntry;
typedef VEC(CompileEntry) CompileEntries;
Status an_compile_entries(const char *build_dir, CompileEntries *out);
void an_compile_entries_free(CompileEntries *e);

/* Every name declared (function, type, enum constant, macro...) in headers under
 * `under`, found by parsing `source` (text of a translation unit) with `args`. */
typedef void (*DeclSink)(void *ctx, const char *name, const char *file);
Status an_declared_names(const char *source, const char *const *args, int nargs, const char *under, DeclSink sink,
                         void *ctx);

#endif
