/* analyzer: from files to facts.
 *
 * Takes the paths a user names (files and folders, or a compile_commands.json),
 * decides which files are CUDA, parses each with libclang in CUDA mode against the
 * real CUDA Toolkit headers, and gives every use of a CUDA entity in those files:
 * identifiers, includes, kernel launches, inline asm, with exact byte ranges. Code
 * in preprocessor-disabled regions and macro bodies is read from clang's own
 * tokens; a file libclang cannot parse is read the same way and marked lexical.
 * The analyzer knows CUDA names only through the rule database it is handed. */
#ifndef HIPPORT_ANALYZER_H
#define HIPPORT_ANALYZER_H

#include <stdbool.h>
#include <stddef.h>

#include "common.h"
#include "rules.h"

typedef enum {
  FK_IDENT,        /* a CUDA name: call, type, constant, macro, device function */
  FK_INCLUDE,      /* #include of a CUDA header; name is the header as written */
  FK_LAUNCH,       /* kernel<<<...>>>(...); name is the kernel expression */
  FK_ASM,          /* asm/__asm__ statement; name lists its PTX instructions */
  FK_DEVICE_LAUNCH,/* a launch inside __global__/__device__ code */
  FK_MEMBER,       /* obj.member of a CUDA type; name is "Type.member" (cudaDeviceProp.warpSize) */
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
  /* FK_LAUNCH: offsets of "<<<", ">>>" and the call's "(" and ")" */
  unsigned open, close, lparen, rparen;
} Fact;

typedef struct {
  char *path;          /* as opened */
  char *rel;           /* relative to the scan root */
  char *text;          /* the file's bytes, NUL-terminated */
  size_t len;
  Parser parser;
  char *fallback_reason;  /* why the file was read lexically; NULL when parsed */
  unsigned fallback_offset; /* where in the file the parse failed (0 when elsewhere) */
  char *skip_reason;      /* unreadable, binary or not UTF-8: no facts at all */
  bool unreadable;        /* an input error the exit code reports after the scan */
  VEC(Fact) facts;
  VEC(unsigned) line_starts;  /* byte offset of each line, for locations */
  char *code_only;     /* text with comments and string/char literals blanked */
} SourceFile;

typedef struct {
  const char *cuda_path;       /* CUDA Toolkit root; NULL: CUDA_PATH, then /usr/local/cuda */
  const char *compile_db;      /* folder holding compile_commands.json, or NULL */
  const char *compat_include;  /* hipport's parser compatibility headers */
  int jobs;
  bool progress;               /* a progress line on stderr */
} ScanOptions;

typedef struct {
  char *root;                  /* the scan root paths are relative to */
  size_t files_scanned;        /* every file walked */
  VEC(SourceFile *) files;     /* the CUDA files, sorted by rel path */
} Facts;

/* Walks and parses. ST_INPUT for a missing path or a bad compile database; a file
 * that fails to parse is not an error (it is read lexically). */
Status an_scan(const char *const *paths, size_t npaths, const ScanOptions *opt, const RuleDb *db, Facts *out);
void an_facts_free(Facts *f);
void an_source_free(SourceFile *f);

/* 1-based line and column of a byte offset. */
void an_location(const SourceFile *f, unsigned offset, unsigned *line, unsigned *column);

/* Every name declared (function, type, enum constant, macro...) in headers under
 * `under`, found by parsing `source` (text of a translation unit) with `args`. */
typedef void (*DeclSink)(void *ctx, const char *name, const char *file);
Status an_declared_names(const char *source, const char *const *args, int nargs, const char *under, DeclSink sink,
                         void *ctx);

#endif
