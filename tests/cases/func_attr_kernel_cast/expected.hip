#include <hip/hip_runtime.h>
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
int main() {
  hipFuncAttributes attr;
  hipFuncGetAttributes(&attr, reinterpret_cast<const void*>(scale));
  hipFuncSetCacheConfig(reinterpret_cast<const void*>(scale), hipFuncCachePreferL1);
  hipFuncSetAttribute(reinterpret_cast<const void*>(scale), hipFuncAttributeMaxDynamicSharedMemorySize, 1024);
  float *x; float a = 2;
  void *args[] = {&x, &a};
  hipLaunchKernel(reinterpret_cast<const void*>(scale), dim3(1), dim3(64), args, 0, 0);
  hipLaunchKernel((const void *)scale, dim3(1), dim3(64), args);
  return attr.numRegs > 0 ? 0 : 1;
}
