/* plan: facts + rules for one target ROCm release -> what to do, file by file.
 *
 * Takes the analyzer's facts and the rule database; gives, per file, each CUDA
 * use with its status in the target release, the edits translation would make
 * (byte range -> new text) and the findings (code, location, message, effort),
 * plus the summary numbers every report shows. Scan and translate share this one
 * plan, so the report always describes exactly what translate would do. */
#ifndef HIPPORT_PLAN_H
#define HIPPORT_PLAN_H

#include "analyzer.h"
#include "rules.h"

/* ORDER USE_STATUS (pl_status_name) */
typedef enum {
  US_MAPPED,      /* HIP counterpart available in the target */
  US_DEPRECATED,  /* available, but deprecated in CUDA or HIP */
  US_REMOVED,     /* removed on the CUDA side */
  US_LATER,       /* HIP counterpart only in a later ROCm release */
  US_UNMAPPED,    /* no HIP counterpart */
  US_UNKNOWN,     /* a CUDA name the rules do not know */
} UseStatus;

const char *pl_status_name(UseStatus s);

typedef struct {
  const Fact *fact;
  const Rule *rule;           /* NULL for headers and unknown names */
  const HeaderRule *header;   /* FK_INCLUDE */
  UseStatus status;
  const char *hip;            /* the HIP name or header; NULL when none */
  const char *library;        /* "CUDA_Runtime", "CUBLAS"...; "header" for includes */
  const char *kind;           /* the rule kind, or "header" */
  bool available;             /* counts toward compatibility in the target */
  char *owned_hip;            /* when hip was composed (a header under a mapped folder) */
  bool every_release;         /* a warp intrinsic: native from 6.2, its legacy form before */
} PlannedUse;

typedef struct {
  Diag diag;
  const DiagInfo *info;       /* code, category, severity and effort as the rules give them (a user
                                 hazard's own; the database's effort hours): read this, not rl_diag */
  unsigned offset, line, column;
  char *subject;              /* the API, header or pattern the finding is about */
  char *message;
  double effort_hours;        /* this finding's share of the estimate */
} Finding;

typedef struct {
  unsigned offset, length;
  char *text;
} Edit;

typedef struct {
  const SourceFile *src;
  VEC(PlannedUse) uses;
  VEC(Finding) findings;
  VEC(Edit) edits;
} FilePlan;

typedef struct {
  Version release;
  double percent;             /* uses available in the release / all uses */
  double percent_unique;      /* the same over unique APIs */
} Compat;

typedef struct {
  const char *name;
  const char *category;
  size_t uses;
  double effort_hours;
} Contributor;

typedef struct {
  Version target;
  char *target_why;           /* why this target: "installed at /usr", "asked for"... */
  const Facts *facts;
  VEC(FilePlan) files;
  size_t uses, unique_apis, mapped_uses, unmapped_uses;
  size_t build_files;         /* files of `files` that are build files (CMake, Make) */
  double effort_hours;
  VEC(Compat) compat;         /* every release the rules know, oldest first */
  VEC(Contributor) top;       /* largest effort first */
} Plan;

typedef enum { HR_NONE, HR_ROC, HR_MIOPEN } HipifyRoc;

typedef struct {
  Version target;
  const char *target_why; /* copied into the plan */
  bool launch_ggl;     /* kernel<<<...>>>() -> hipLaunchKernelGGL(...) */
  bool backend_roc;    /* library calls to rocBLAS/rocRAND/... where the rules know them */
  /* hipify-clang's conventions, which `hipport hipify` asks for (docs/hipify-mode.md) */
  bool hipify_headers;     /* its header spellings: hipblas.h, not hipblas/hipblas.h */
  bool runtime_in_place;   /* the CUDA runtime include becomes hip_runtime.h where it stands, and a
                              file without one gets it after a leading #pragma once or #ifndef */
  bool kernel_name_templates; /* HIP_KERNEL_NAME(k) around a template kernel whose arguments
                                 are deduced too, not only around k<T> */
  bool hip_symbol;         /* HIP_SYMBOL(sym) around the symbol a *Symbol call takes, and the other
                              argument casts as hipify-clang writes them (arg_casts.csv's mode) */
  bool rename_own;         /* names the tree defines itself renamed by name, as CUDA's are (Fact.own) */
  bool launches_at_uses;   /* a function-like macro's launch written at each use, not in its body */
  bool explicit_defaults;  /* cudaMallocHost(p, n) -> hipHostMalloc(p, n, hipHostMallocDefault) */
  HipifyRoc hipify_roc;    /* its --roc/--miopen names for runtime types: __half -> rocblas_half */
  bool skip_disabled;      /* code the preprocessor skipped stays as it is */
  const char *offload_arch; /* the AMD target build files name for CUDA's sm numbers; NULL: gfx90a */
} PlanOptions;

Status pl_build(const Facts *facts, const RuleDb *db, const PlanOptions *opt, Plan *out);
void pl_free(Plan *p);

/* How many findings of any of the comma-separated categories the plan holds. */
size_t pl_count_categories(const Plan *p, const char *categories);
/* True when every name in the comma-separated list is a known category: one of
 * diagnostics.def's, or (with db) one a user rule file added. */
bool pl_known_categories(const RuleDb *db, const char *categories, const char **bad);

/* target.c: the release a plan is for, and why. */
typedef struct {
  Version release;
  char *why;           /* "installed at /usr", "newest known; no HIP found", "asked for" */
} Target;

/* The roots to look for an installed HIP in: --rocm-path, $ROCM_PATH, /opt/rocm, /usr. */
size_t pl_hip_roots(const char *rocm_path, const char *roots[4]);
/* The HIP under one root: include/hip/hip_version.h, else bin/hipconfig --version. */
bool pl_hip_at(const char *root, unsigned *major, unsigned *minor);
/* asked: a release, "newest", or NULL for the first HIP found under roots (the
 * newest known release at or before it), else the newest release the rules know. */
/* A release the rules do not know fails with this cause (cm_error_cause). */
enum { PL_UNKNOWN_RELEASE = 0x400 };
Status pl_target(const RuleDb *db, const char *asked, const char *const *roots, size_t nroots, Target *out);
void pl_target_free(Target *t);

/* rules_check.c: the rules held against the HIP headers actually installed
 * (hipport rules check). A HIP name the rules say exists by the installed
 * release but no header declares is "missing"; a hip* name a header declares
 * that no rule maps to is "unmapped"; with the CUDA Toolkit at hand, a CUDA
 * name no rule knows that HIP declares under the same spelling is "same-name". */
typedef struct {
  const char *library;
  size_t checked, missing, extra;
} CheckTally;
typedef enum { CN_MISSING, CN_UNMAPPED, CN_SAME_NAME } CheckNameKind;
typedef struct {
  CheckNameKind kind;
  const char *library;  /* "" for same-name */
  char *name;
  const char *cuda;     /* missing: the CUDA name it stands for */
} CheckName;
typedef struct {
  Version release;
  char *include_dir;
  size_t declarations;
  VEC(CheckTally) tallies;
  VEC(CheckName) names;  /* in the order found: missing, unmapped, same-name */
  bool cuda_checked;     /* the CUDA headers could be read: same-name is known */
  size_t same_names;
} RulesCheck;
/* hip_path: a ROCm root or its include folder; NULL: the first HIP found as the
 * target is. cuda_path NULL: no same-name check. compat: the parser's
 * compatibility headers. A root without HIP headers fails with PL_NO_HIP. */
enum { PL_NO_HIP = 0x401 };
Status pl_rules_check(const RuleDb *db, const char *hip_path, const char *rocm_path, const char *cuda_path,
                      const char *compat, RulesCheck *out);
void pl_rules_check_free(RulesCheck *c);

#endif
