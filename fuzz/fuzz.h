/* What the fuzz targets share (the fuzz_*.c files, libFuzzer): the build's rule database
 * and a private folder for inputs that hipport reads from a file. */
#ifndef HIPPORT_FUZZ_H
#define HIPPORT_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer.h"
#include "rules.h"

/* The build's rule database (HP_FUZZ_RULES_DB), opened on first use. */
RuleDb *fz_rules(void);
/* Opens it afresh: a target that changed it (user rules) starts each input clean. */
void fz_rules_reopen(void);
/* This run's own folder, made on first use under $TMPDIR. */
const char *fz_dir(void);
/* The input written to fz_dir()/name; its path (a static buffer). */
const char *fz_write(const char *name, const uint8_t *data, size_t size);

/* The input as a .cu file read lexically: by lexer.c's tokens, as --lexical
 * reads (FZ_LEXER); or libclang reads it without include paths (as for a file
 * whose real parse failed) and the analyzer takes its facts from the tokens
 * alone (FZ_TOKENS), or trusting clang's tree as well, as for a file that
 * parsed (FZ_TREE). NULL for a binary input, which the scan leaves out. */
typedef enum { FZ_LEXER, FZ_TOKENS, FZ_TREE } FzReading;
SourceFile *fz_read_lexically(const uint8_t *data, size_t size, FzReading how);

/* Plans f alone (options from `flags`: bit 0 hipLaunchKernelGGL, bit 1 the ROC
 * back end; the target release from `release`) and applies the edits with and
 * without annotations; aborts when an edit overlaps another, comes out of order
 * or reaches past the file, which the applier assumes never happens. */
void fz_plan_and_apply(SourceFile *f, uint8_t flags, uint8_t release);

#endif
