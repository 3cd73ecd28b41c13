/* The HIP library each CUDA library's port needs, and the header that proves
 * it is installed, from the rule database's cuda_library table (the one build
 * files are ported with). A manifest may name only libraries with such a header. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify_p.h"

static const CudaLibrary *known(const RuleDb *db, const char *cuda) {
  const CudaLibrary *l = rl_cuda_library(db, cuda, strlen(cuda), false);
  return l && *l->header ? l : NULL;
}

bool vf_header_installed(const char *header) {
  static const char *include_dirs[] = {"/usr/include", "/opt/rocm/include"};
  bool found = false;
  for (size_t d = 0; d < 2 && !found; d++) {
    char *h = cm_xasprintf("%s/%s", include_dirs[d], header);
    found = access(h, R_OK) == 0;
    free(h);
  }
  return found;
}

Status vf_check_libraries(const RuleDb *db, Program *p, const char *path) {
  for (size_t i = 0; i < p->libraries.len; i++) {
    const CudaLibrary *l = known(db, p->libraries.items[i]);
    if (l) {
      vec_push(&p->hip_libraries, l);
      continue;
    }
    Buf names = {0};
    for (size_t k = 0; k < rl_cuda_library_count(db); k++)
      if (*rl_cuda_library_at(db, k)->header)
        buf_printf(&names, "%s%s", names.len ? ", " : "", rl_cuda_library_at(db, k)->cuda);
    Status st = cm_fail(ST_INPUT, "%s: \"libraries\" names '%s', which verify does not know: use one of %s", path,
                        p->libraries.items[i], buf_cstr(&names));
    buf_free(&names);
    return st;
  }
  return ST_OK;
}

const char *vf_missing_library(const Program *p) {
  for (size_t i = 0; i < p->hip_libraries.len; i++)
    if (!vf_header_installed(p->hip_libraries.items[i]->header))
      return p->hip_libraries.items[i]->hip_library;
  return NULL;
}

/* The last part of a path without its extension: hipblas/hipblas.h and
 * hipblas.h both name hipblas. */
static size_t stem(const char *path, const char **start) {
  const char *slash = strrchr(path, '/');
  *start = slash ? slash + 1 : path;
  return strcspn(*start, ".");
}

const CudaLibrary *vf_library_of_header(const RuleDb *db, const char *header) {
  const char *h, *l;
  size_t hn = stem(header, &h);
  for (size_t i = 0; i < rl_cuda_library_count(db); i++) {
    const CudaLibrary *lib = rl_cuda_library_at(db, i);
    size_t ln = *lib->header ? stem(lib->header, &l) : 0;
    if (ln && ln == hn && strncmp(h, l, hn) == 0)
      return lib;
  }
  return NULL;
}
