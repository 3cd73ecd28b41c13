/* rules: the rule database, loaded once from the SQLite file the build makes.
 *
 * Takes the path of hipport-rules.db (built from the CSV files in rules/data and
 * rules/diagnostics.def); gives in-memory hash lookups of CUDA names and headers,
 * the hazard patterns, the ROCm releases the rules know, and the availability of
 * each API in a given release. Nothing here queries SQLite per token. */
#ifndef HIPPORT_RULES_H
#define HIPPORT_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* A release packed as major*1000000 + minor*1000 + patch, so that comparisons are
 * numeric (6.10.0 > 6.2.0). 0 means "none" (never added, never removed...). */
typedef uint32_t Version;
#define VERSION_NONE 0u

bool rl_version_parse(const char *s, Version *out);      /* "6.2", "6.2.0", "12" */
void rl_version_format(Version v, char *out, size_t n);  /* "6.2.0"; "" for none */

typedef enum { SEV_ERROR, SEV_WARNING, SEV_NOTE } Severity;
typedef enum { EP_USE, EP_API, EP_FILE } EffortPer;

typedef enum {
#define DIAG(id, code, category, sev, effort, per, title) id,
#include "diagnostics.def"
#undef DIAG
  D_COUNT
} Diag;

typedef struct {
  const char *code, *category, *title;
  Severity severity;
  double effort_hours;
  EffortPer per;
} DiagInfo;

const DiagInfo *rl_diag(Diag d);
bool rl_diag_by_code(const char *code, Diag *out);
const char *rl_severity_name(Severity s);

/* RK_ANNOTATION: a macro that only decorates a declaration (CUDART_CB); with
 * no HIP name it means HIP needs nothing there, and translate deletes it.
 * RK_MEMBER: a field of a CUDA struct, named Type.field (cudaDeviceProp.uuid).
 * RK_NAMESPACE: a C++ namespace (cub -> hipcub); read without the tree, its
 * name counts only before `::` or after `namespace`, so a variable is left alone. */
typedef enum { RK_FUNCTION, RK_DEVICE_FUNCTION, RK_TYPE, RK_CONSTANT, RK_ANNOTATION, RK_MEMBER, RK_NAMESPACE, RK_UNKNOWN } RuleKind;
const char *rl_kind_name(RuleKind k);
bool rl_kind_parse(const char *s, RuleKind *out);

typedef struct {
  const char *library, *section, *cuda, *hip; /* hip: NULL when HIP has none (or, for an annotation, needs none) */
  RuleKind kind;
  Version cuda_added, cuda_deprecated, cuda_changed, cuda_removed;
  Version hip_added, hip_deprecated, hip_changed, hip_removed, hip_experimental;
  const char *backend, *backend_name;         /* "ROC"/"MIOPEN" and e.g. rocblas_sgemm */
  Version backend_added, backend_deprecated, backend_removed;
} Rule;

typedef struct {
  const char *cuda, *hip, *roc, *library, *note; /* hip NULL: no counterpart */
} HeaderRule;

/* A warp intrinsic's form before HIP had it natively (data/warp_rewrites.csv). */
typedef struct {
  const char *cuda, *legacy_name, *legacy_args;
  Version native_since;
  int mask_arg;          /* -1: the call takes no mask */
} WarpRewrite;

/* An argument HIP takes as const void* where CUDA also takes the kernel (data/arg_casts.csv). */
typedef struct {
  const char *cuda;
  unsigned arg;          /* 0-based */
} ArgCast;

/* A trailing argument CUDA defaults and HIP does not (data/default_args.csv). */
typedef struct {
  const char *cuda;
  unsigned arg;          /* 0-based */
  const char *value;     /* HIP's spelling of CUDA's default */
} DefaultArg;

typedef enum { HC_PCRE, HC_AST } HazardCheck;

typedef struct {
  Diag diag;
  HazardCheck check;
  const char *pattern;  /* PCRE2 pattern, or the name of an AST check */
  const char *message;  /* what to do; shown with the finding */
} HazardRule;

/* How a rule stands in one ROCm release. ORDER AVAIL (rl_avail_name). */
typedef enum {
  AV_MAPPED,        /* HIP counterpart available in the release */
  AV_UNMAPPED,      /* HIP has no counterpart */
  AV_LATER,         /* HIP counterpart added after the release */
  AV_HIP_REMOVED,   /* HIP counterpart removed at or before the release */
} Avail;

const char *rl_avail_name(Avail a);
Avail rl_availability(const Rule *r, Version release);

typedef struct RuleDb RuleDb;

Status rl_open(const char *path, RuleDb **out);
void rl_close(RuleDb *db);
const char *rl_default_path(void); /* beside the binary, then the build's share/ */

/* A name's rules, best first (a name can be in two libraries, e.g. CUstream_st). */
const Rule *rl_lookup(const RuleDb *db, const char *name, size_t len);
const Rule *rl_lookup_next(const RuleDb *db, const Rule *r);
/* Exact header names first, then a mapped folder ("thrust/") holding the header. */
const HeaderRule *rl_lookup_header(const RuleDb *db, const char *name, size_t len);
/* The HIP header to include instead of `name` (malloc'd); NULL when none. */
char *rl_header_target(const HeaderRule *h, const char *name);

const WarpRewrite *rl_warp_rewrite(const RuleDb *db, const char *name);
const ArgCast *rl_arg_cast(const RuleDb *db, const char *name);
const DefaultArg *rl_default_arg(const RuleDb *db, const char *name, unsigned arg);

size_t rl_rule_count(const RuleDb *db);
const Rule *rl_rule(const RuleDb *db, size_t i);
size_t rl_header_count(const RuleDb *db);
const HeaderRule *rl_header(const RuleDb *db, size_t i);
size_t rl_hazard_count(const RuleDb *db);
const HazardRule *rl_hazard(const RuleDb *db, size_t i);

/* The ROCm releases the rules know, oldest first. */
size_t rl_release_count(const RuleDb *db);
Version rl_release(const RuleDb *db, size_t i);
Version rl_newest_release(const RuleDb *db);
/* Accepts a known release, or a patch release of a known minor (5.2.3 -> 5.2.0). */
bool rl_resolve_release(const RuleDb *db, const char *text, Version *out);

#endif
