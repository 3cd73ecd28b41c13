#include <cublas_v2.h>
#include <curand.h>
#include <cufft.h>
#include <cusparse.h>
int gemm(cublasHandle_t h, const float *a, const float *b, float *c, int n) {
  const float one = 1.0f, zero = 0.0f;
  cublasStatus_t st = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  return st == CUBLAS_STATUS_SUCCESS;
}
// cuFFT stays on hipFFT under the roc backend: no rocFFT names are known.
int fft(int n) {
  cufftHandle plan;
  return cufftPlan1d(&plan, n, CUFFT_C2C, 1) == CUFFT_SUCCESS;
}
// A name only rocSPARSE has (no hipSPARSE counterpart) is written under the roc backend.
void sparse() {
  cusparseContext *ctx = nullptr;
  cusparseHandle_t handle;
  cusparseCreate(&handle);
  (void)ctx;
}
