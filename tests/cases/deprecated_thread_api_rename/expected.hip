#include <hip/hip_runtime.h>
__global__ void zero(float *x) { x[threadIdx.x] = 0; }
int main() {
  float *x; hipMalloc(&x, 64 * sizeof(float));
  hipDeviceSetCacheConfig(hipFuncCachePreferL1);
  zero<<<1, 64>>>(x);
  hipDeviceSynchronize();
  hipFree(x);
  hipDeviceReset();
  return 0;
}
