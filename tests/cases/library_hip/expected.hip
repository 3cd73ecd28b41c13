#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hiprand/hiprand.h>
int gemm(hipblasHandle_t h, const float *a, const float *b, float *c, int n) {
  const float one = 1.0f, zero = 0.0f;
  hipblasStatus_t st = hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  hiprandGenerator_t g;
  hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_DEFAULT);
  return st == HIPBLAS_STATUS_SUCCESS;
}
