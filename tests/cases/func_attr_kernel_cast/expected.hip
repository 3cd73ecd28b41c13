#include <hip/hip_runtime.h>
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
int main() {
  hipFuncAttributes attr;
  hipFuncGetAttributes(&attr, reinterpret_cast<const void*>(scale));
  hipFuncSetCacheConfig(reinterpret_cast<const void*>(scale), hipFuncCachePreferL1);
  hipFuncSetAttribute(reinterpret_cast<const void*>(scale), hipFuncAttributeMaxDynamicSharedMemorySize, 1024);
  return attr.numRegs > 0 ? 0 : 1;
}
