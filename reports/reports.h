/* reports: the plan rendered for people and for tools.
 *
 * Takes a plan (and the rule database, for the releases it knows); writes one
 * document in the chosen format to a stream. Each format is a Reporter in the
 * table reporters.c lists: a new format is a new file and one line there. */
#ifndef HIPPORT_REPORTS_H
#define HIPPORT_REPORTS_H

#include <stdio.h>

#include "plan.h"
#include "verify.h"


/* verify: the newest verify result of each program under the scan root, a
 * section of every format; NULL or empty when none was kept. */
typedef struct {
  const char *name;  /* as --format names it */
  Status (*write)(FILE *out, const Plan *plan, const RuleDb *db, const VerifyRecords *verify);
} Reporter;

const Reporter *rp_find(const char *name);
/* Findings of `worst_shown` severity or worse, as compilers print them, with the
 * source line and a caret. */
void rp_print_findings(FILE *out, const Plan *p, Severity worst_shown);

/* Verify results: one row per program. */
typedef struct {
  const Program *program;
  const VerifyResult *result;
} VerifyRow;

Status rp_verify_text(FILE *out, const VerifyRow *rows, size_t n, const char *machine);
Status rp_verify_json(FILE *out, const VerifyRow *rows, size_t n, const char *machine);
const char *rp_names(void);  /* "text, json" for messages */

/* hipify_stats.c: hipify-clang's statistics for the files (one file's, or the
 * aggregate), as text ("[HIPIFY] info:" lines) and/or CSV; either stream may be NULL. */
void rp_hipify_stats(FILE *text, FILE *csv, const RuleDb *db, const char *title, const FilePlan *const *files,
                     size_t n, double seconds);
void rp_hipify_totals(FILE *text, FILE *csv, size_t converted_files, size_t processed_files);

#endif
