#include <cstdio>
#include <cuda_runtime.h>
#include "config.h"

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

int main() {
  float *d;
  cudaMalloc(&d, 64 * sizeof(float));
#ifdef DEBUG
  cudaDeviceSynchronize();
#endif
#if USE_ASYNC
  cudaMemsetAsync(d, 0, 64 * sizeof(float));
#else
  cudaMemset(d, 0, 64 * sizeof(float));
#endif
  scale<<<1, 64>>>(d, 64);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b, cudaEventDisableTiming);
  printf("%d\n", (int)cudaGetLastError());
  cudaFree(d);
  return 0;
}
