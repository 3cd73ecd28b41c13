/* The HIP library each CUDA library's port needs, and the header that proves
 * it is installed. A manifest may name only these. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify_p.h"

static const struct {
  const char *cuda, *hip, *header;
} hip_libraries[] = {
    {"cublas", "hipblas", "hipblas/hipblas.h"},    {"curand", "hiprand", "hiprand/hiprand.h"},
    {"cufft", "hipfft", "hipfft/hipfft.h"},        {"cusparse", "hipsparse", "hipsparse/hipsparse.h"},
    {"cusolver", "hipsolver", "hipsolver/hipsolver.h"},
    /* rocThrust keeps thrust/ paths; only its HIP backend folder tells it from the CUDA toolkit's */
    {"thrust", "rocthrust", "thrust/system/hip/execution_policy.h"},
    {"cub", "hipcub", "hipcub/hipcub.hpp"},
};
enum { NLIBS = sizeof hip_libraries / sizeof *hip_libraries };

static int library_index(const char *cuda) {
  for (int k = 0; k < NLIBS; k++)
    if (strcmp(cuda, hip_libraries[k].cuda) == 0)
      return k;
  return -1;
}

static bool installed(const char *header) {
  static const char *include_dirs[] = {"/usr/include", "/opt/rocm/include"};
  bool found = false;
  for (size_t d = 0; d < 2 && !found; d++) {
    char *h = cm_xasprintf("%s/%s", include_dirs[d], header);
    found = access(h, R_OK) == 0;
    free(h);
  }
  return found;
}

Status vf_check_libraries(const StrList *libraries, const char *path) {
  for (size_t i = 0; i < libraries->len; i++) {
    if (library_index(libraries->items[i]) >= 0)
      continue;
    Buf known = {0};
    for (int k = 0; k < NLIBS; k++)
      buf_printf(&known, "%s%s", k ? ", " : "", hip_libraries[k].cuda);
    Status st = cm_fail(ST_INPUT, "%s: \"libraries\" names '%s', which verify does not know: use one of %s", path,
                        libraries->items[i], buf_cstr(&known));
    buf_free(&known);
    return st;
  }
  return ST_OK;
}

const char *vf_missing_library(const StrList *libraries) {
  for (size_t i = 0; i < libraries->len; i++) {
    int k = library_index(libraries->items[i]);
    if (k >= 0 && !installed(hip_libraries[k].header))
      return hip_libraries[k].hip;
  }
  return NULL;
}
