/* results: what hipport runs leave behind, kept in SQLite for later runs.
 *
 * One store that scan, verify, report and history share: a row per scan (when,
 * which hipport and rule data, which target, which project at which commit, the
 * summary, the % per ROCm release, the counts and hours per category, library
 * and program, and the whole report to render again), and a row per program
 * per verify run (status, machine, timings for the gap score). The schema has a
 * version (PRAGMA user_version); opening a database an older hipport wrote
 * upgrades it in place, in one transaction. */
#ifndef HIPPORT_RESULTS_H
#define HIPPORT_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

#include "common.h"

typedef struct ResultDb ResultDb;

/* Opens (making the folder and the file if missing) and upgrades the schema. */
Status rs_open(const char *path, ResultDb **out);
void rs_close(ResultDb *db);
/* ~/.local/share/hipport/results.db, or under $XDG_DATA_HOME (malloc'd). */
char *rs_default_path(void);
/* The schema version this hipport writes. */
int rs_schema_version(void);

/* ---- verify runs ---- */

typedef struct {
  const char *program, *dir, *arch, *status, *detail, *cuda_build, *nvidia_gpu, *amd_gpu;  /* may be NULL */
  double cuda_ms, hip_ms;   /* < 0: none */
  double max_abs, max_rel;
  size_t numbers;
} RsVerifyRun;
Status rs_record_verify(ResultDb *db, const RsVerifyRun *run);
/* The newest CUDA and HIP timings of a program on any machine; false when either is missing. */
bool rs_timings(ResultDb *db, const char *program, double *cuda_ms, char **nvidia, double *hip_ms, char **amd);

typedef struct {
  char *program, *dir, *status, *detail, *at;
} VerifyRecord;
typedef VEC(VerifyRecord) VerifyRecords;
/* The newest verify result of each program under root, for the scan report's section. */
Status rs_latest_verify_under(ResultDb *db, const char *root, VerifyRecords *out);
void rs_verify_records_free(VerifyRecords *r);

/* ---- verify runs of whole trees ---- */

typedef struct {
  const char *unit, *status, *file, *code, *explanation, *error;  /* may be NULL but unit and status */
  unsigned line, column;
} RsUnit;

typedef struct {
  const char *root, *arch, *built_with, *amd_gpu;
  size_t units, compiling, failing_reported, failing_unforeseen, missing_library;
  const RsUnit *unit_rows;
  size_t nunit_rows;
} RsTreeRun;
/* Keeps a tree's run under the project its root belongs to (rs_project_of). */
Status rs_record_tree(ResultDb *db, const RsTreeRun *run);

typedef struct {
  char *at, *commit;
  size_t units, compiling, failing_reported, failing_unforeseen, missing_library;
} RsTreePoint;
typedef VEC(RsTreePoint) RsTreeHistory;
/* A project's tree runs, oldest first: how "units compiling" moved. */
Status rs_tree_history(ResultDb *db, const char *project, RsTreeHistory *out);
void rs_tree_history_free(RsTreeHistory *h);

/* ---- scans ---- */

/* Where a scan root stands: in a git checkout, the remote's URL (else the
 * checkout folder's name) with the root's path inside it, the commit and
 * whether tracked files differ from it; elsewhere the root folder's name. */
typedef struct {
  char *name;
  char *commit;   /* NULL outside git, or before the first commit */
  bool dirty;
} Project;
void rs_project_of(const char *root, Project *out);
void rs_project_free(Project *p);

typedef struct {
  char *release;
  double percent, percent_unique;
} RsRelease;

/* kind: "category", "library" or "program" */
typedef struct {
  char *kind, *name;
  size_t uses, mapped, findings, need_work;
  double effort_hours;
} RsGroup;

typedef struct {
  long long id;
  char *at, *root, *hipport_version, *rules_version, *target;
  Project project;
  size_t cuda_files, uses, mapped_uses, findings, need_work;
  double effort_hours, target_percent;
  VEC(RsRelease) releases;
  VEC(RsGroup) groups;
  char *report_json;   /* the report to render again (the JSON report's document, full precision) */
} RsScan;
typedef VEC(RsScan) RsScans;

/* Keeps a scan; its id in *id. */
Status rs_record_scan(ResultDb *db, const RsScan *scan, long long *id);
/* The scans of a project, oldest first, with their releases and groups; the
 * report JSON is left out (NULL). */
Status rs_history(ResultDb *db, const char *project, RsScans *out);
void rs_scans_free(RsScans *s);
/* One scan with its report JSON: by id, or (id <= 0) the newest of project, or
 * of any project when project is NULL. ST_INPUT when there is none. */
/* A scan number the database lacks fails with this cause (cm_error_cause). */
enum { RS_NO_SUCH_SCAN = 0x500 };
Status rs_load_scan(ResultDb *db, long long id, const char *project, RsScan *out);
void rs_scan_free(RsScan *s);

#endif
