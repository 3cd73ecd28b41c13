#include <cuda_runtime.h>
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
int main() {
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, scale);
  cudaFuncSetCacheConfig(scale, cudaFuncCachePreferL1);
  cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
  return attr.numRegs > 0 ? 0 : 1;
}
