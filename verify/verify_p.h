/* Internal to verify/. */
#ifndef HIPPORT_VERIFY_P_H
#define HIPPORT_VERIFY_P_H

#include "verify.h"

/* libraries.c */
/* Resolves p->libraries into p->hip_libraries; ST_INPUT naming path for one the rules lack. */
Status vf_check_libraries(const RuleDb *db, Program *p, const char *path);
const char *vf_missing_library(const Program *p); /* the first HIP library not installed, or NULL */

/* verify.c: the check of a CUDA run's output, wherever it ran; `machine` ("key:
 * value" lines) is kept beside the reference when the output is recorded */
void vf_judge_cuda_output(const Program *p, const VerifyOptions *opt, const Tolerance *tol, const char *out,
                          const char *machine, VerifyResult *res);
double vf_time_ms(const char *out); /* the "time_ms:" an output printed; < 0: none */
/* Two outputs of the same program agree (time_ms aside) within tol. */
bool vf_same_output(const char *a, const char *b, const Tolerance *tol, Comparison *cmp);

/* build_system.c: the port's own CMakeLists.txt or Makefile, when it has one. */
typedef enum { PB_NONE, PB_CMAKE, PB_MAKE } PortBuild;
PortBuild vf_port_build(const char *hip_dir);
const char *vf_port_build_name(PortBuild how); /* "hipcc", "CMakeLists.txt", "Makefile" */
Status vf_build_port(const Program *p, PortBuild how, const char *hip_dir, const char *arch, const char *exe,
                     char **error);

/* libraries.c: a header that proves a HIP library is installed, and the
 * library an include of `header` needs (NULL: none the rules know). */
bool vf_header_installed(const char *header);
const CudaLibrary *vf_library_of_header(const RuleDb *db, const char *header);

/* build_system.c: the port's own build in `build` (CMake's binary folder; make
 * builds in the port); *r is the last step's output. */
Status vf_port_build_run(PortBuild how, const char *port, const char *arch, const char *build, CmRun *r);

/* units.c: a port's translation units, and the command that compiles each. */
typedef struct {
  char *name;            /* its source relative to the root, or the build file's name */
  char *dir;             /* where its command runs */
  StrList argv;          /* hipcc's whole command; empty for the port's own build */
} Unit;
typedef VEC(Unit) Units;
/* Through the port's build files, else the compile database, else each CUDA
 * source; *built_with says which. */
Status vf_find_units(const Plan *plan, const char *root, const char *port, const TreeOptions *opt, Units *out,
                     const char **built_with);
void vf_units_free(Units *u);
/* The path in the port of a path in the tree; the path itself outside it. malloc'd. */
char *vf_in_port(const char *path, const char *root, const char *port);

/* cuda_runs.c */
void vf_import_cuda_run(const Program *p, const VerifyOptions *opt, const Tolerance *tol, VerifyResult *res);

#endif
