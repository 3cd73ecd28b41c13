// Helper headers compile each library's error strings only when its header is in.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#ifdef HIPBLAS_H
static const char *status_text(hipblasStatus_t s) { return s == HIPBLAS_STATUS_SUCCESS ? "ok" : "failed"; }
#endif
#ifdef HIPFFT_H_
static const char *fft_text(hipfftResult r) { return r == HIPFFT_SUCCESS ? "ok" : "failed"; }
#endif
#if defined(HIPRAND_H_)
static const char *rand_text(hiprandStatus_t r) { return r == HIPRAND_STATUS_SUCCESS ? "ok" : "failed"; }
#endif
#ifdef HIPSPARSE_H
static const char *sparse_text(hipsparseStatus_t s) { return s == HIPSPARSE_STATUS_SUCCESS ? "ok" : "failed"; }
#endif
#ifdef HIPSOLVER_H
static const char *solver_text(hipsolverStatus_t s) { return s == HIPSOLVER_STATUS_SUCCESS ? "ok" : "failed"; }
#endif
