/* reports: a scan rendered for people and for tools.
 *
 * rp_build turns a plan (with the rule database it was made with and the newest
 * verify results) into one Report: a document that owns every string and number
 * any format shows, and nothing else. Every format renders that one Report, so
 * they cannot disagree. The Report goes to JSON and back (rp_to_json /
 * rp_from_json) without loss, which is how the results store keeps a scan that
 * `hipport report` renders again byte for byte. Each format is a Reporter in
 * the table reporters.c lists: a new format is a new file and one line there. */
#ifndef HIPPORT_REPORTS_H
#define HIPPORT_REPORTS_H

#include <jansson.h>
#include <stdio.h>

#include "plan.h"
#include "results.h"
#include "verify.h"

typedef struct {
  char *path, *parser, *program;  /* parser: "libclang", "lexical", "tokens" (read from them alone), "build" or "none" */
  size_t uses, mapped, findings, edits;
  char *needs_tree;               /* read from tokens first: why a parse read it all the same; NULL otherwise */
} RpFile;

typedef struct {
  char *file, *cuda, *hip, *library, *kind, *status, *cursor;  /* hip may be NULL */
  unsigned line, column;
  bool disabled, in_macro, available;
} RpUse;

typedef struct {
  char *code, *category, *severity, *file, *subject, *message;
  char *source_line;  /* the line the finding is on, for excerpts and carets; NULL: a whole-file finding */
  unsigned line, column;
  double effort_hours;
} RpFinding;

/* One per diagnostic code found: what SARIF calls a rule. */
typedef struct {
  char *code, *category, *title, *severity, *per;  /* per: "use", "api" or "file" */
  double effort_hours;
} RpDiagnostic;

typedef struct {
  char *release;
  double percent, percent_unique;
} RpCompat;

typedef struct {
  char *name, *category;
  size_t count;
  double effort_hours;
} RpContributor;

/* A row of a group table: a program, a category or a library. */
typedef struct {
  char *name;
  size_t files, uses, mapped, findings, need_work;
  double effort_hours;
} RpGroup;
typedef VEC(RpGroup) RpGroups;

typedef struct {
  char *folder, *header, *first_needed_by;
} RpFoundInclude;

typedef struct {
  char *key, *value;
} RpPair;

typedef struct {
  char *program, *dir, *status, *detail, *at;
} RpVerify;

typedef struct {
  size_t files_scanned, cuda_files, lexical_files, uses, unique_apis, mapped_uses, unmapped_uses;
  size_t findings, need_work;   /* findings of error or warning severity: the ones a port must change */
  double effort_hours, need_work_hours;
  char *target, *target_reason;
  size_t build_files;           /* CMake files and Makefiles that mention CUDA (not among cuda_files) */
  size_t reused_files;          /* CUDA files whose facts an earlier run kept (not parsed again) */
  size_t settled_files;         /* CUDA files read from their tokens alone (not parsed) */
  bool lexical;                 /* every file read by tokens only, as asked (--lexical) */
  VEC(RpCompat) compat;         /* every release the rules know, oldest first */
  VEC(RpContributor) top;       /* largest effort first */
} RpSummary;

typedef struct {
  char *version, *root;
  char *rules_description;      /* one line: the rule data's source, vintage and size */
  VEC(RpPair) rules_meta;
  VEC(RpPair) user_files;       /* path, one-line summary */
  RpSummary summary;
  VEC(RpFile) files;
  VEC(RpUse) uses;
  VEC(RpFinding) findings;
  VEC(RpDiagnostic) diagnostics;
  RpGroups programs, categories, libraries;  /* by name, by effort, by name */
  VEC(RpFoundInclude) found_includes;
  VEC(RpVerify) verify;
} Report;

void rp_build(const Plan *plan, const RuleDb *db, const VerifyRecords *verify, Report *out);
void rp_free(Report *r);
/* The JSON report's document (docs/json-report.md). */
json_t *rp_to_json(const Report *r);
/* A document rp_to_json wrote; ST_INPUT naming `what` when it is not one. */
Status rp_from_json(const json_t *doc, const char *what, Report *out);
/* The Report as the results store keeps a scan of `project` (rs_scan_free it). */
void rp_scan_record(const Report *r, const Project *project, RsScan *out);

/* A project's scans, oldest first (rs_history), and its verify runs of the
 * tree (rs_tree_history), in one of text, json, md, html, csv; ST_USAGE for
 * another format. */
Status rp_history(FILE *out, const char *format, const char *project, const RsScans *scans,
                  const RsTreeHistory *builds);
bool rp_history_format_known(const char *format);

typedef struct {
  const char *csv_table;  /* csv: "uses" (NULL), "findings", "files", "releases" */
  bool color;             /* text: clang-style colours */
  bool errors_only;       /* text: error findings only (--quiet) */
} RpOptions;

typedef struct {
  const char *name;  /* as --format names it */
  Status (*write)(FILE *out, const Report *r, const RpOptions *opt);
} Reporter;

const Reporter *rp_find(const char *name);
/* The rule data's identity as results and SARIF keep it: "2026-12 refresh; ROCm
 * to 7.11.0" from the meta table (malloc'd). */
char *rp_rules_version(const Report *r);
const char *rp_names(void);  /* "text, json, ..." for messages */
bool rp_csv_table_known(const char *name);

/* Findings of `worst_shown` severity or worse, as compilers print them, with the
 * source line and a caret; paths relative to the current folder. */
void rp_print_findings(FILE *out, const Report *r, Severity worst_shown, bool color);

/* Verify results: one row per program. */
typedef struct {
  const Program *program;
  const VerifyResult *result;
} VerifyRow;

/* Programs as text or json; ST_USAGE for another format. */
Status rp_verify_programs(FILE *out, const char *format, const VerifyRow *rows, size_t n, const char *machine);
/* The gap score of each program the results database has both timings of. */
void rp_verify_gaps(FILE *out, ResultDb *db, const VerifyRow *rows, size_t n);

/* verify_tree.c: a tree's units in text, json, md, html, csv or sarif. */
Status rp_verify_tree(FILE *out, const char *format, const TreeResult *t, const char *machine);
bool rp_verify_format_known(const char *format);
const char *rp_verify_formats(void);  /* "text, json, ..." for messages */

/* hipify_stats.c: hipify-clang's statistics for the files (one file's, or the
 * aggregate), as text ("[HIPIFY] info:" lines) and/or CSV; either stream may be NULL. */
void rp_hipify_stats(FILE *text, FILE *csv, const RuleDb *db, const char *title, const FilePlan *const *files,
                     size_t n, double seconds);
void rp_hipify_totals(FILE *text, FILE *csv, size_t converted_files, size_t processed_files);

/* rules_report.c: what `hipport rules` prints. */
void rp_rule(FILE *out, const RuleDb *db, const Rule *r);
void rp_header_rule(FILE *out, const HeaderRule *h);
void rp_rules_stats(FILE *out, const RuleDb *db, Version release, const LibraryCounts *counts);
void rp_rules_releases(FILE *out, const RuleDb *db);
void rp_rules_diff(FILE *out, Version from, Version to, const RuleChanges *changes, bool summary);
/* list: name each missing, unmapped and same-name name, not only count them. */
void rp_rules_check(FILE *out, const RulesCheck *c, bool list);

#endif
