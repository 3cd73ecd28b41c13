/* libclang, opened when a run first needs it. Loading libclang and LLVM costs a
 * run more than all else a warm run does (the dynamic linker relocates some
 * 650,000 addresses and runs LLVM's constructors), and a run whose files' facts
 * all come from the cache parses nothing, so it never pays that.
 *
 * The build turns libclang.functions into a table of pointers, filled on the
 * first call, and a macro per name that calls through it: the analyzer calls
 * clang_getCursorKind(c) as ever. A function called but not listed fails to
 * link, as hipport no longer links libclang. */
#ifndef HIPPORT_LIBCLANG_H
#define HIPPORT_LIBCLANG_H

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

#include "common.h"
#include "libclang_functions.h" /* generated: HP_LIBCLANG_FUNCTIONS(X), X(name) for each name */

typedef struct {
#define HP_LIBCLANG_SLOT(name) __typeof__(name) *fn_##name;
  HP_LIBCLANG_FUNCTIONS(HP_LIBCLANG_SLOT)
#undef HP_LIBCLANG_SLOT
} LibClang;

/* The table, the library opened on the first call from any thread. A library
 * that cannot be opened then ends the run with ST_ENV's exit code, naming it:
 * libclang_check has said it is there before the run begins. */
const LibClang *libclang(void);

/* Whether the library hipport was built against is still installed. */
Status libclang_check(void);

/* A crash in libclang on a parsing thread is caught on that thread's signal
 * stack; libclang installs its handlers with its first index, so every index
 * is made here. */
CXIndex libclang_index(void);

/* The library's file, whose identity stands for its version in cache keys:
 * asking libclang its version would load it. */
const char *libclang_path(void);

#include "libclang_calls.h" /* generated: #define clang_x (libclang()->fn_clang_x) for each name */

#endif
