#include <cuda_runtime.h>
__global__ void zero(float *x) { x[threadIdx.x] = 0; }
int main() {
  float *x; cudaMalloc(&x, 64 * sizeof(float));
  cudaThreadSetCacheConfig(cudaFuncCachePreferL1);
  zero<<<1, 64>>>(x);
  cudaThreadSynchronize();
  cudaFree(x);
  cudaThreadExit();
  return 0;
}
