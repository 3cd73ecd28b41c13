#include <hip/hip_runtime.h>
__global__ void fill(float *x, float v) { x[threadIdx.x] = v; }
#define FILL_ALL hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, 0, x, 1.0f)
#define LAUNCH(k, n, ...) hipLaunchKernelGGL(k, dim3(1), dim3(n), 0, 0, __VA_ARGS__);
int main() {
  float *x; hipMalloc(&x, 64 * sizeof(float));
  FILL_ALL;
  LAUNCH(fill, 64, x, 2.0f)
  hipDeviceSynchronize();
}
