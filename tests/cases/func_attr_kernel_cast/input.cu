#include <cuda_runtime.h>
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
int main() {
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, scale);
  cudaFuncSetCacheConfig(scale, cudaFuncCachePreferL1);
  cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
  float *x; float a = 2;
  void *args[] = {&x, &a};
  cudaLaunchKernel(scale, dim3(1), dim3(64), args, 0, 0);
  cudaLaunchKernel((const void *)scale, dim3(1), dim3(64), args);
  return attr.numRegs > 0 ? 0 : 1;
}
