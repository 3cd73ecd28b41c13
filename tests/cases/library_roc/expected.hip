#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>
#include <rocrand/rocrand.h>
int gemm(rocblas_handle h, const float *a, const float *b, float *c, int n) {
  const float one = 1.0f, zero = 0.0f;
  rocblas_status st = rocblas_sgemm(h, rocblas_operation_none, rocblas_operation_none, n, n, n, &one, a, n, b, n, &zero, c, n);
  rocrand_generator g;
  rocrand_create_generator(&g, ROCRAND_RNG_PSEUDO_DEFAULT);
  return st == rocblas_status_success;
}
