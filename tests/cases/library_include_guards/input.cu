// Helper headers compile each library's error strings only when its header is in.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#ifdef CUBLAS_API_H_
static const char *status_text(cublasStatus_t s) { return s == CUBLAS_STATUS_SUCCESS ? "ok" : "failed"; }
#endif
#ifdef _CUFFT_H_
static const char *fft_text(cufftResult r) { return r == CUFFT_SUCCESS ? "ok" : "failed"; }
#endif
#if defined(CURAND_H_)
static const char *rand_text(curandStatus_t r) { return r == CURAND_STATUS_SUCCESS ? "ok" : "failed"; }
#endif
#ifdef CUSPARSEAPI
static const char *sparse_text(cusparseStatus_t s) { return s == CUSPARSE_STATUS_SUCCESS ? "ok" : "failed"; }
#endif
#ifdef CUSOLVER_COMMON_H_
static const char *solver_text(cusolverStatus_t s) { return s == CUSOLVER_STATUS_SUCCESS ? "ok" : "failed"; }
#endif
