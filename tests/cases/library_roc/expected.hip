#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>
#include <rocrand/rocrand.h>
#include <hipfft/hipfft.h>
#include <rocsparse/rocsparse.h>
int gemm(rocblas_handle h, const float *a, const float *b, float *c, int n) {
  const float one = 1.0f, zero = 0.0f;
  rocblas_status st = rocblas_sgemm(h, rocblas_operation_none, rocblas_operation_none, n, n, n, &one, a, n, b, n, &zero, c, n);
  rocrand_generator g;
  rocrand_create_generator(&g, ROCRAND_RNG_PSEUDO_DEFAULT);
  return st == rocblas_status_success;
}
// cuFFT stays on hipFFT under the roc backend: no rocFFT names are known.
int fft(int n) {
  hipfftHandle plan;
  return hipfftPlan1d(&plan, n, HIPFFT_C2C, 1) == HIPFFT_SUCCESS;
}
// A name only rocSPARSE has (no hipSPARSE counterpart) is written under the roc backend.
void sparse() {
  _rocsparse_handle *ctx = nullptr;
  rocsparse_handle handle;
  rocsparse_create_handle(&handle);
  (void)ctx;
}
