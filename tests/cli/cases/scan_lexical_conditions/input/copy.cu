#include <cuda_runtime.h>
#include "include/config.h"

#define LOCAL_STEPS 6

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef __CUDA_ARCH__
  float v = __shfl_down_sync(0xffffffff, x[i], 1);
#else
  float v = x[i];
#endif
  if (i < n)
    x[i] = v * 2.0f;
}

void copy(float *dst, const float *src, size_t bytes, cudaStream_t s) {
#if USE_ASYNC
  cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, s);
#elif WIDE > 256 && LOCAL_STEPS % 4 == 2
  cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice);
#else
  cudaMemset(dst, 0, bytes);
#endif
#ifdef LEGACY
  cudaThreadSynchronize();
#endif
#if defined(LEGACY) || defined(SOME_FLAG)
  cudaDeviceReset();
#endif
#ifdef DEBUG
  cudaDeviceSynchronize();
#endif
#if defined(DEBUG) && 0
  cudaGetLastError();
#endif
#if !defined(_WIN32)
  cudaStreamSynchronize(s);
#endif
}
