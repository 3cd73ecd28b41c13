/* verify: does the port build, and does it compute what the CUDA original does?
 *
 * Takes corpus-style program folders (sources + manifest.json); builds the HIP
 * port with hipcc for each AMD target and the CUDA original with nvcc where it is
 * installed, runs each where its GPU exists, compares outputs number by number
 * within the program's tolerance, and gives one status per program. What could
 * not be checked says why. Results are kept in SQLite. */
#ifndef HIPPORT_VERIFY_H
#define HIPPORT_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "common.h"
#include "plan.h"
#include "results.h"
#include "rules.h"

/* ---- the comparator ---- */

typedef struct {
  double rtol, atol;           /* a number matches when within either ... */
  unsigned long long ulp;      /* ... or within this many units in the last place */
  bool single;                 /* ULPs counted in float (the program prints floats) */
} Tolerance;

typedef struct {
  bool match;
  size_t numbers;              /* numbers compared */
  double max_abs, max_rel;     /* the largest errors among them */
  unsigned long long max_ulp;
  /* the first mismatch, when !match */
  unsigned line;               /* 1-based line of the actual output */
  char *expected, *actual;     /* the tokens that differ ("" when one side ran out) */
  char *why;                   /* e.g. "number out of tolerance", "text differs" */
} Comparison;

/* One number at s (integer, any printf float form, hex float, inf, nan, with a
 * sign): true and *used set to its length, or false. */
bool vf_parse_number(const char *s, size_t n, double *out, size_t *used);
/* Units in the last place between a and b, in double or (single) float. */
unsigned long long vf_ulp_distance(double a, double b, bool single);
/* Compares outputs: text outside numbers exactly, numbers within tolerance.
 * Lines starting with one of `ignore` (NULL-terminated, e.g. "time_ms:") are
 * skipped on both sides. */
void vf_compare(const char *expected, size_t elen, const char *actual, size_t alen, const Tolerance *tol,
                const char *const *ignore, Comparison *out);
void vf_comparison_free(Comparison *c);

/* ---- programs, builds, runs ---- */

/* ORDER VERIFY_STATUS (vf_status_name) */
typedef enum {
  VS_PASS,             /* ran, and matched the reference */
  VS_MISMATCH,         /* ran, and differed */
  VS_BUILD_FAIL,       /* the port did not build: the first compiler error */
  VS_RUN_FAIL,         /* exit code, signal, stderr tail */
  VS_COMPILED,         /* built for every target; not run, and why */
  VS_MISSING_LIBRARY,  /* a HIP library the port needs is not installed */
  VS_NOT_BUILDABLE,    /* the program says it is not meant to build */
} VerifyStatus;

const char *vf_status_name(VerifyStatus s);
bool vf_status_fails(VerifyStatus s);

typedef CmStrings StrList;

typedef struct {
  char *name, *dir;            /* dir: the original CUDA program */
  StrList sources, nvcc_flags, hipcc_flags, libraries, args;
  VEC(const CudaLibrary *) hip_libraries; /* libraries' rows in the rule database, in order */
  StrList vendor_keys;         /* output keys the CUDA reference does not bind (manifest's vendor_specific) */
  bool hip52, buildable;
  Tolerance tol;
  char *expected_json;         /* the manifest's "expected": key -> number, as JSON text */
} Program;

/* A port's output against the program's reference: the recorded CUDA output
 * (reference/cuda_output.txt) when there is one, its vendor_specific keys and
 * time_ms aside; else the manifest's expected values. */
void vf_compare_with_reference(const Program *p, const char *out, const Tolerance *tol, Comparison *cmp);

/* Reads DIR/manifest.json (its libraries checked against db's); ST_INPUT naming the file when it is missing or bad. */
Status vf_load_program(const char *dir, const RuleDb *db, Program *out);
void vf_program_free(Program *p);

typedef struct {
  bool amd, nvidia;            /* a GPU of each kind is present */
  char *amd_name, *nvidia_name;
  char *amd_arch;              /* the AMD GPU's gfx target, e.g. gfx942 */
  bool nvcc, hipcc;            /* the compilers are on PATH */
} Machine;

void vf_probe_machine(Machine *m);
void vf_machine_free(Machine *m);

typedef struct {
  StrList arches;              /* --offload-arch targets, e.g. gfx90a */
  bool record;                 /* keep the CUDA run's output as the reference */
  const Tolerance *tol;        /* overrides the manifest's, when set */
  const char *work;            /* where builds go */
  const char *cuda_runs;       /* CUDA runs made elsewhere by the script of vf_write_cuda_script */
} VerifyOptions;

typedef struct {
  VerifyStatus status;
  char *detail;                /* the reason, the first error, where it differed */
  char *cuda_build;            /* "compiled", "built", "failed: ...", "no nvcc" */
  const char *built_with;      /* how the port was built: "hipcc", or its "CMakeLists.txt" or "Makefile"; NULL: not */
  char *cuda_gpu;              /* the NVIDIA GPU the CUDA original ran on; NULL when it did not run */
  char *cuda_output, *hip_output;   /* stdout of the runs, when they ran */
  double cuda_ms, hip_ms;      /* time_ms the runs printed; < 0: none */
  Comparison cmp;
} VerifyResult;

/* Builds and, where the hardware is there, runs one program whose HIP port is
 * in hip_dir. Never fails for the program's sake: that is the result's status. */
Status vf_verify(const Program *p, const char *hip_dir, const Machine *m, const VerifyOptions *opt,
                 VerifyResult *out);
void vf_result_free(VerifyResult *r);

/* A folder with manifest.json is a program; otherwise its subfolders that have
 * one are (resolved paths, in name order). */
void vf_find_programs(const char *dir, StrList *out);

/* How the caller ports a program (translating is the pipeline's): *hip_dir
 * (malloc'd) is where the port is. */
typedef struct {
  Status (*port)(void *ctx, const Program *p, char **hip_dir);
  void *ctx;
} ProgramPorter;

typedef struct {
  VEC(Program) programs;
  VEC(VerifyResult) results;
} ProgramRuns;

/* Loads each program folder, ports it, builds and runs them `jobs` at a time,
 * and records each result in db. */
Status vf_verify_programs(const RuleDb *rules, const StrList *dirs, const Machine *m, const VerifyOptions *vo,
                          const ProgramPorter *porter, int jobs, ResultDb *db, ProgramRuns *runs);
void vf_program_runs_free(ProgramRuns *runs);

/* A shell script that builds and runs each program's CUDA original on a machine
 * with an NVIDIA GPU and nvcc only (no hipport there), leaving what verify's
 * cuda_runs reads: OUTDIR/gpu.txt and OUTDIR/<program>/{exit,stdout,stderr,build.log}.
 * Program folders are written relative to `cwd` when under it. */
Status vf_write_cuda_script(FILE *out, const Program *programs, size_t n, const char *cwd);

/* ---- a project of the user's own, with no manifest ---- */

/* How a translation unit of the port fared. ORDER UNIT_STATUS (vf_unit_status_name) */
typedef enum {
  UNIT_COMPILES,         /* compiled for every target */
  UNIT_REPORTED,         /* failed where hipport had reported a finding before translating */
  UNIT_UNFORESEEN,       /* failed on something hipport did not report: HP3008, the number to drive to zero */
  UNIT_MISSING_LIBRARY,  /* includes a HIP library's header that is not installed */
} UnitStatus;
enum { UNIT_STATUSES = UNIT_MISSING_LIBRARY + 1 };

const char *vf_unit_status_name(UnitStatus s);

typedef struct {
  char *name;            /* the unit's source relative to the root, or the build file that built it */
  UnitStatus status;
  char *error;           /* the compiler's first error, as it printed it; NULL when the unit compiles */
  char *file;            /* where that error is in the original CUDA tree (relative); NULL: not located */
  unsigned line, column; /* the original line, through the translation's line map */
  char *code;            /* the finding that explains it ("HP2305"), or "HP3008"; NULL when it compiles */
  char *explanation;     /* "expected: HP2305 reported before translating (...)", or what to do */
} UnitResult;

typedef struct {
  char *command;         /* as given to --run */
  VerifyStatus status;   /* COMPILED without a GPU to run on, as in the corpus */
  char *detail;
} TreeRun;

typedef struct {
  StrList arches;        /* --offload-arch targets */
  const char *port;      /* an existing port to build (--port); NULL: translate it */
  const char *port_out;  /* where to translate it, kept; NULL: under work, removed with it */
  const char *compile_db;/* a folder holding compile_commands.json (-p), or NULL */
  const char *const *extra; /* -I, -D, -include given for the scan: every unit gets them too */
  size_t nextra;
  const char *work;      /* where the port and the objects go */
  int jobs;              /* units compiled at a time */
  const StrList *runs;   /* --run commands, or NULL */
} TreeOptions;

typedef struct {
  char *root, *port;     /* the CUDA tree and its port (resolved) */
  const char *built_with;/* "hipcc, each unit alone", "compile_commands.json", "CMakeLists.txt", "Makefile" */
  VEC(UnitResult) units;
  size_t count[UNIT_STATUSES];
  VEC(TreeRun) runs;
} TreeResult;

/* Builds the port of the tree `plan` was made from (translated here unless
 * opt->port names one): through its ported build files when it has them, else
 * each unit of the compile database, else each CUDA source alone with hipcc;
 * every failing unit's first error mapped to the CUDA line and explained by a
 * finding of the plan, or HP3008. Never fails for the project's sake. */
Status vf_verify_tree(const Plan *plan, const RuleDb *db, const Machine *m, const TreeOptions *opt, TreeResult *out);
void vf_tree_result_free(TreeResult *r);
/* Failing units make the run fail as a failing program does. */
bool vf_tree_fails(const TreeResult *r);

/* ---- results kept (results.h) ---- */

/* One program's verify result as a row of the results database. */
Status vf_record(ResultDb *db, const Program *p, const char *arch, const Machine *m, const VerifyResult *r);
/* A tree's verify run, with its units, as rows of the results database. */
Status vf_record_tree(ResultDb *db, const TreeResult *r, const char *arch, const Machine *m);

/* ---- performance parity ---- */

/* Dense peak TFLOPS of a GPU by a name as its tools print it (documented table);
 * false when the table does not know it. */
bool vf_peak_tflops(const char *gpu, double *tflops);
/* (AMD peak / NVIDIA peak - 1) * 100 + (HIP time / CUDA time - 1) * 100 */
double vf_gap_score(double amd_peak, double nvidia_peak, double hip_ms, double cuda_ms);

#endif
