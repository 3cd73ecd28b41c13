/* rules: the rule database, loaded once from the SQLite file the build makes.
 *
 * Takes the path of hipport-rules.db (built from the CSV files in rules/data and
 * rules/diagnostics.def); gives in-memory hash lookups of CUDA names and headers,
 * the hazard patterns, the ROCm releases the rules know, and the availability of
 * each API in a given release. Nothing here queries SQLite per token. Rule files
 * a user adds (YAML, userrules.c) join the loaded rules without a rebuild. */
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

/* The compiled table, as diagnostics.def has it. */
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

/* ORDER IMAGE: a string field added to a row type below goes into rules/image.c's tables too. */

/* An earlier HIP name of a CUDA name (data/hip_names.csv): it serves the releases
 * from added up to, not including, until (hipblasCaxpy_v2 from 6.0.0 to 7.0.0). */
typedef struct {
  const char *hip;
  Version added, until;
} HipName;

typedef struct {
  const char *library, *section, *cuda, *hip; /* hip: NULL when HIP has none (or, for an annotation, needs none) */
  RuleKind kind;
  Version cuda_added, cuda_deprecated, cuda_changed, cuda_removed;
  Version hip_added, hip_deprecated, hip_changed, hip_removed, hip_experimental;
  const char *backend, *backend_name;         /* "ROC"/"MIOPEN" and e.g. rocblas_sgemm */
  Version backend_added, backend_deprecated, backend_removed;
  const HipName *earlier;                     /* oldest first; hip serves the releases after them */
  unsigned nearlier;
  const char *origin;                         /* "FILE:LINE" of a user rule; NULL for the database's */
} Rule;

typedef struct {
  const char *cuda, *hip, *roc, *library, *note; /* hip NULL: no counterpart */
  const char *hipify, *hipify_roc;                /* hipify-clang's spellings; NULL: as hip, roc */
  const char *origin;                             /* "FILE:LINE" of a user rule; NULL for the database's */
} HeaderRule;

/* A warp intrinsic's form before HIP had it natively (data/warp_rewrites.csv). */
typedef struct {
  const char *cuda, *legacy_name, *legacy_args;
  Version native_since;
  int mask_arg;          /* -1: the call takes no mask */
  const char *enabled_by; /* "" none: the macro the native form needs before default_since */
  Version default_since;
} WarpRewrite;

/* A struct whose HIP members came in another order than CUDA's before `until`
 * (data/member_orders.csv); members: HIP's names, space-separated, in CUDA's
 * order; hip_members: the same in HIP's order. */
typedef struct {
  const char *cuda_type, *members, *hip_members;
  Version until;
} MemberOrder;

/* A member HIP declares with another type (__half2.x: hip_type unsigned
 * short, not __half): each use `obj.x` becomes before + `obj.x` + after, {cv}
 * in before standing for the use's qualifiers (data/member_wraps.csv). */
typedef struct {
  const char *cuda_member, *hip_type, *before, *after;
} MemberWrap;

/* Which conventions a row of arg_casts.csv or default_args.csv is written under. */
typedef enum { RM_EVERY, RM_HIPIFY, RM_TRANSLATE } RuleMode;

/* An argument HIP takes as const void* where CUDA also takes the kernel, or one
 * hipify-clang wraps in HIP_SYMBOL (data/arg_casts.csv). */
typedef struct {
  const char *cuda;
  unsigned arg;          /* 0-based */
  const char *wrapper;   /* "reinterpret_cast<const void*>", "HIP_SYMBOL" */
  RuleMode mode;
} ArgCast;

/* A trailing argument CUDA defaults and HIP does not (data/default_args.csv). */
typedef struct {
  const char *cuda;
  unsigned arg;          /* 0-based */
  const char *value;     /* HIP's spelling of CUDA's default */
  RuleMode mode;
} DefaultArg;

/* A call whose HIP or roc* counterpart takes its arguments in another shape
 * (data/arg_edits.csv). Indexes count CUDA's argument list as written. */
typedef enum { AE_INSERT, AE_REMOVE, AE_REPLACE, AE_COPY, AE_MOVE, AE_WRAP } ArgEditKind; /* ORDER ARG_EDIT */
typedef struct {
  const char *cuda;
  bool roc;              /* applies where the call is written with its roc* name */
  unsigned arg;
  ArgEditKind edit;
  const char *value;     /* inserted, replacing, or the wrapper; {hip_version}: the target as major*100+minor */
  unsigned dest, count;  /* copy and move */
  bool data_loss;        /* a removed argument other than a null one loses meaning */
} ArgEdit;

/* A load or store with a cache hint (data/cache_hints.csv): HIP has it for
 * hip_types from hip_since; any other call becomes a form, {0} the pointer
 * argument and {1} the value. */
typedef struct {
  const char *cuda;
  const char *scalar_form;  /* for a fundamental arithmetic pointee */
  const char *other_form;   /* for any other pointee, or one not known */
  const char *hip_types;    /* space-separated; "" none */
  Version hip_since;
} CacheHint;
/* A C++ overload of a CUDA call that HIP names as another call (data/overloads.csv). */
typedef struct {
  const char *cuda;
  int params;            /* the overload's parameter count, defaulted ones included */
  const char *as;        /* the CUDA C function it stands for */
} Overload;
/* An nvcc option and what hipcc takes instead (data/nvcc_options.csv).
 * ORDER NVCC_ACTION (names in ruledb.c). */
typedef enum { NA_REPLACE, NA_DROP, NA_PASS, NA_ARCH, NA_RDC, NA_GLUE, NA_XLANG } NvccAction;

typedef struct {
  const char *option;
  bool takes_value;      /* "-o v" or "-o=v" */
  NvccAction action;
  const char *hip, *why; /* "" none */
} NvccOption;

/* A CUDA name in a build file (data/build_names.csv). ORDER BUILD_NAME_KIND. */
typedef enum {
  BN_RENAME, BN_LIBRARY, BN_NOTE, BN_COMMAND, BN_WRAPPER, BN_PACKAGE, BN_PREFIX, BN_CUDA_PATH, BN_COMPILER, BN_FLAGS,
  BN_HOST_COMPILER
} BuildNameKind;
typedef enum { BS_CMAKE, BS_MAKE } BuildSystem;

typedef struct {
  BuildSystem system;
  const char *cuda;
  BuildNameKind kind;
  const char *hip, *why; /* "" none */
} BuildName;

/* A CUDA library and its HIP counterpart (data/cuda_libraries.csv); "" none. */
typedef struct {
  const char *cuda;        /* CUDA::<cuda>, and a verify manifest's name */
  const char *link;        /* nvcc's -l<link> */
  const char *target, *package; /* the HIP CMake target and its find_package() */
  const char *hip_library; /* -l<hip_library> for hipcc, or the header-only library's name */
  const char *header;      /* proves the HIP library is installed */
  const char *why;
} CudaLibrary;

typedef enum { HC_PCRE, HC_AST } HazardCheck;

typedef struct {
  Diag diag;
  HazardCheck check;
  const char *pattern;  /* PCRE2 pattern, or the name of an AST check */
  const char *message;  /* what to do; shown with the finding */
  const char *constant_message; /* "" none: instead of message where a match is in a constant expression */
  Version since, until; /* the targets it applies to: since <= target < until; NONE: no bound */
  const DiagInfo *info; /* a user hazard's own code, category, severity, effort; NULL: the database's */
  const char *origin;   /* "FILE:LINE" of a user rule; NULL for the database's */
} HazardRule;

bool rl_hazard_applies(const HazardRule *h, Version target);

/* How a rule stands in one ROCm release. ORDER AVAIL (rl_avail_name). */
typedef enum {
  AV_MAPPED,        /* HIP counterpart available in the release */
  AV_UNMAPPED,      /* HIP has no counterpart */
  AV_LATER,         /* HIP counterpart added after the release */
  AV_HIP_REMOVED,   /* HIP counterpart removed at or before the release */
} Avail;

const char *rl_avail_name(Avail a);
/* Counting the earlier names: a CUDA name is available while any of its HIP names is. */
Avail rl_availability(const Rule *r, Version release);
/* The HIP name `release` has for the rule: an earlier one in its window, else r->hip. */
const char *rl_hip_name(const Rule *r, Version release);
/* The first release with any HIP name for the rule; NONE: from the start. */
Version rl_first_release(const Rule *r);

typedef struct RuleDb RuleDb;

/* A missing file fails with this cause (cm_error_cause): the caller knows how to name another. */
enum { RL_NO_RULE_DB = 0x200 };
Status rl_open(const char *path, RuleDb **out);
/* rl_open through the database's image in cache_dir (rules/image.c), which
 * is read in one go, and written when missing, stale or damaged; NULL
 * cache_dir: rl_open, and nothing written. */
Status rl_open_cached(const char *path, const char *cache_dir, RuleDb **out);
/* Where rl_open_cached keeps the image of the database at db_path (malloc'd). */
char *rl_image_path(const char *db_path, const char *cache_dir);
void rl_close(RuleDb *db);
const char *rl_default_path(void); /* beside the binary, then the build's share/ */
/* A hash of everything the rules were read from (the database's bytes, then each
 * user rule file's): what a stored analysis depends on, as its cache key needs. */
uint64_t rl_fingerprint(const RuleDb *db);

/* A name's rules, best first (a name can be in two libraries, e.g. CUstream_st). */
const Rule *rl_lookup(const RuleDb *db, const char *name, size_t len);
const Rule *rl_lookup_next(const RuleDb *db, const Rule *r);
/* The name's best rule is of that section of the API tables ("Qualifiers":
 * __global__; "Built-in Variables": threadIdx). */
bool rl_in_section(const RuleDb *db, const char *name, size_t len, const char *section);
/* Exact header names first, then a mapped folder ("thrust/") holding the header. */
const HeaderRule *rl_lookup_header(const RuleDb *db, const char *name, size_t len);
/* The HIP header to include instead of `name` (malloc'd); NULL when none. */
char *rl_header_target(const HeaderRule *h, const char *name);

const WarpRewrite *rl_warp_rewrite(const RuleDb *db, const char *name);
const MemberOrder *rl_member_order(const RuleDb *db, const char *name);
const MemberWrap *rl_member_wrap(const RuleDb *db, const char *cuda_member);
/* The name's rows in turn: after NULL, the first; NULL when no more. */
const ArgCast *rl_arg_cast(const RuleDb *db, const char *name, const ArgCast *after);
/* Whether a row of mode `m` is written in a run that asks (`hipify`) for hipify-clang's conventions. */
bool rl_mode_applies(RuleMode m, bool hipify);
const DefaultArg *rl_default_arg(const RuleDb *db, const char *name, unsigned arg);
const ArgEdit *rl_arg_edit(const RuleDb *db, const char *name, const ArgEdit *after);
const CacheHint *rl_cache_hint(const RuleDb *db, const char *name);
/* The header declaring a HIP name that hip_runtime.h does not bring in
 * (data/type_headers.csv); NULL for any other name. */
const char *rl_type_header(const RuleDb *db, const char *hip_name);
/* The cast written before a call to s (n bytes) whose HIP counterpart returns
 * another type, where a hazard asks for it (data/result_casts.csv: __popc gets
 * (int)); NULL for any other name. */
const char *rl_result_cast(const RuleDb *db, const char *s, size_t n);
/* The type a function of CUDA's headers returns (data/call_results.csv:
 * group_index: dim3); NULL for any other name. */
const char *rl_call_result(const RuleDb *db, const char *s, size_t n);

/* Why the function `name` that this CUDA header (a last path part: cublas.h)
 * declares is a legacy API HIP has no counterpart for, whatever the name maps
 * to: the modern header has the same function under another name
 * (data/legacy_headers.csv); NULL for any other header or function. */
const char *rl_legacy_call(const RuleDb *db, const char *cuda_header, const char *name);

/* What a parse of a file that includes `include` (as spelled in #include, len
 * bytes) adds to memory, in MB, by data/parse_weights.csv; 0 when no entry's
 * prefix matches. */
unsigned rl_parse_weight(const RuleDb *db, const char *include, size_t len);
/* A call whose HIP counterpart takes another parameter list than CUDA's
 * declaration (data/signatures.csv, from scripts/compare_signatures.py). */
typedef struct {
  const char *cuda, *hip;
  unsigned cuda_params, cuda_required, hip_params, hip_required;
  int type_differs;      /* the first parameter whose type HIP's does not match; -1: only the counts differ */
  const char *cuda_release, *hip_release, *cuda_signature, *hip_signature;
} Signature;
const Signature *rl_signature(const RuleDb *db, const char *cuda_name);

/* What host code calls for a name CUDA's runtime header declares there and
 * HIP's does not (isfinite: std::isfinite; data/host_names.csv); NULL for any
 * other name. */
const char *rl_host_name(const RuleDb *db, const char *cuda_name);
/* The struct a CUDA typedef of another spelling names (half2: __half2;
 * data/struct_names.csv); NULL for any other name. */
const char *rl_struct_name(const RuleDb *db, const char *name, size_t n);
/* A macro hipport's parse has from the compiler before any header: its body,
 * "#undef" when that parse has it undefined (data/predefined_macros.csv); NULL
 * for any other name. */
const char *rl_predefined_macro(const RuleDb *db, const char *name, size_t n);

/* The standard headers, space-separated, any of which declares std::name
 * (data/std_headers.csv: "ostream iostream" for endl); NULL for a name the
 * table leaves to a parse. */
const char *rl_std_headers(const RuleDb *db, const char *name, size_t n);
/* The CUDA C function a C++ overload of `name` with `params` parameters stands
 * for (data/overloads.csv): cudaEventCreate with 2 is cudaEventCreateWithFlags.
 * NULL when the overload maps by its own name. */
const char *rl_overload(const RuleDb *db, const char *name, int params);
/* overloads.csv has a row for the name (its port depends on the overload a call picks). */
bool rl_has_overload(const RuleDb *db, const char *name);
/* A legacy header (cublas.h), whose calls a current one also names (legacy_headers.csv). */
bool rl_legacy_header(const RuleDb *db, const char *header);
/* A struct whose members a rule names (Type.member in the API table, member_wraps.csv or a
 * member hazard: cudaDeviceProp, __half2, half2), and such a member (warpSize, x). */
bool rl_member_type(const RuleDb *db, const char *s, size_t n);
bool rl_member_name(const RuleDb *db, const char *s, size_t n);

/* The option that token s (n bytes) is: exactly, or "-o=value" for one that
 * takes a value (*value then points into s, else NULL). NULL: not nvcc's. */
const NvccOption *rl_nvcc_option(const RuleDb *db, const char *s, size_t n, const char **value, size_t *value_len);
const BuildName *rl_build_name(const RuleDb *db, BuildSystem system, const char *s, size_t n);
/* The first row of `kind` whose name starts s (n bytes), or with `anywhere`
 * occurs in it: CMAKE_CUDA_ of CMAKE_CUDA_FOO, NVCC in MY_NVCCFLAGS. */
const BuildName *rl_build_name_in(const RuleDb *db, BuildSystem system, BuildNameKind kind, const char *s, size_t n,
                                  bool anywhere);
/* Whether a file's text shows it is CUDA's (data/marks.csv): a build file
 * without a mark is not read, a source file with one is CUDA unless it has a
 * HIP mark (written for HIP already). */
typedef enum { MF_BUILD, MF_SOURCE, MF_HIP } MarkFile;
bool rl_marked(const RuleDb *db, MarkFile file, const char *text, size_t len);
/* By CUDA::<name> (by_link false) or by -l<name> (true). */
const CudaLibrary *rl_cuda_library(const RuleDb *db, const char *s, size_t n, bool by_link);
size_t rl_cuda_library_count(const RuleDb *db);
/* Whether identifier s (n bytes) looks like a CUDA API name by its prefix
 * (data/name_prefixes.csv): cudaMalloc, CUBLAS_OP_N, cuMemAlloc; not cumsum,
 * nor a prefix alone. */
bool rl_cuda_like_name(const RuleDb *db, const char *s, size_t n);
/* Whether s (n bytes) names a CUDA library whose HIP counterpart keeps its
 * names, as include folder and namespace (data/same_name_libraries.csv): thrust. */
bool rl_same_name_library(const RuleDb *db, const char *s, size_t n);
/* A CUDA library whose names all live in a namespace of its include folder's
 * name (data/namespaced_libraries.csv): cuda (libcu++). */
bool rl_namespaced_library(const RuleDb *db, const char *s, size_t n);
/* A lane mask argument (its text, s[0..n)) already 64 bits wide by how it
 * begins (data/wide_masks.csv): __ballot(...), (unsigned long long)m. */
bool rl_wide_mask(const RuleDb *db, const char *s, size_t n);
const CudaLibrary *rl_cuda_library_at(const RuleDb *db, size_t i);

size_t rl_rule_count(const RuleDb *db);
const Rule *rl_rule(const RuleDb *db, size_t i);
size_t rl_header_count(const RuleDb *db);
const HeaderRule *rl_header(const RuleDb *db, size_t i);
size_t rl_hazard_count(const RuleDb *db);
const HazardRule *rl_hazard(const RuleDb *db, size_t i);

/* A diagnostic as this database has it: diagnostics.def's code, category and
 * title with the database's effort hours (and what a user rule file set); user
 * hazards' own diagnostics come through HazardRule.info. */
const DiagInfo *rl_diag_in(const RuleDb *db, Diag d);
/* A category of diagnostics.def, or (db not NULL) of a user hazard. */
bool rl_known_category(const RuleDb *db, const char *name, size_t n);

/* The meta table: the data's source and vintage, newest releases, row counts
 * ("rows.CUBLAS"), the hipport that built it. NULL when the key is missing. */
const char *rl_meta(const RuleDb *db, const char *key);
size_t rl_meta_count(const RuleDb *db);
void rl_meta_at(const RuleDb *db, size_t i, const char **key, const char **value);
/* One line for people: "HIPIFY ... 2026-12 refresh; ROCm to 7.11.0, CUDA to 13.2.0; ..." (malloc'd). */
char *rl_describe(const RuleDb *db);
/* Whose releases a library's cuda_* columns count: "CUDA", or "cuTENSOR" for cuTENSOR's own. */
const char *rl_cuda_releases(const RuleDb *db, const char *library);
/* hipify-clang's statistics label for a library ("CUDA RT API"); the library's
 * own name when hipify-clang has none. */
const char *rl_hipify_api(const RuleDb *db, const char *library);
/* hipify-clang's reference type ("memory", "type", "include") for a use of
 * `kind` ("function", "header", "launch"...) in a library's section (a header's
 * name for includes); NULL when no row of data/hipify_types.csv matches. */
const char *rl_hipify_type(const RuleDb *db, const char *library, const char *section, const char *kind);
/* The rocBLAS/MIOpen name hipify-clang writes for a runtime type under --roc
 * (__half: rocblas_half), or with `miopen` under --miopen too
 * (cudaStream_t: miopenAcceleratorQueue_t); NULL for any other name
 * (data/hipify_roc_names.csv). */
const char *rl_hipify_roc_name(const RuleDb *db, const char *cuda_name, bool miopen);

/* User rule files (YAML, docs/user-rules.md): each adds or overrides API and
 * header mappings, adds hazards and sets effort hours, on top of the database.
 * ST_INPUT names FILE:LINE for bad input (unknown key, bad regular expression,
 * a rule naming no CUDA entity, a duplicate). */
Status rl_load_user_rules(RuleDb *db, const char *path, const char *how);
/* root/.hipport/rules.yaml (or .yml) when there is one (malloc'd); else NULL. */
char *rl_project_rules(const char *root);
size_t rl_user_file_count(const RuleDb *db);
const char *rl_user_file(const RuleDb *db, size_t i);
/* "PATH (how): 2 api, 1 header, 1 hazard, 1 effort" for the file (malloc'd). */
char *rl_user_file_summary(const RuleDb *db, size_t i);

/* The ROCm releases the rules know, oldest first. */
size_t rl_release_count(const RuleDb *db);
Version rl_release(const RuleDb *db, size_t i);
Version rl_newest_release(const RuleDb *db);
/* Accepts a known release, or a patch release of a known minor (5.2.3 -> 5.2.0). */
bool rl_resolve_release(const RuleDb *db, const char *text, Version *out);

/* What the releases after `from`, up to and including `to`, change for a CUDA
 * name (inventory.c): a HIP counterpart that becomes available, one whose HIP
 * name changes (hipblasCaxpy_v2 -> hipblasCaxpy in 7.0.0), one that goes away. */
typedef enum { RC_AVAILABLE, RC_RENAMED, RC_REMOVED } RuleChangeKind; /* ORDER RULE_CHANGE */
typedef struct {
  const Rule *rule;
  RuleChangeKind kind;
  Version release;           /* the first release after `from` where it shows */
  const char *before, *after; /* the HIP names in `from` and in `to` */
} RuleChange;
typedef VEC(RuleChange) RuleChanges;
/* Sorted by library, release, kind and CUDA name; vec_free the result. */
void rl_diff(const RuleDb *db, Version from, Version to, RuleChanges *out);

/* Per library, in the rules' order: its names and how many `release` makes available. */
typedef struct {
  const char *library;
  size_t names, available;
} LibraryCount;
typedef VEC(LibraryCount) LibraryCounts;
void rl_library_counts(const RuleDb *db, Version release, LibraryCounts *out);

#endif
