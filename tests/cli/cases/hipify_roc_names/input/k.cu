#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cublas_v2.h>

void scale(cublasHandle_t h, __half *x, __nv_bfloat16 *y, int n) {
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cublasSetStream(h, stream);
  cudaStreamDestroy(stream);
}
