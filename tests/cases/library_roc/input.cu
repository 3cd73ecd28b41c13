#include <cublas_v2.h>
#include <curand.h>
int gemm(cublasHandle_t h, const float *a, const float *b, float *c, int n) {
  const float one = 1.0f, zero = 0.0f;
  cublasStatus_t st = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  return st == CUBLAS_STATUS_SUCCESS;
}
