// CUDA's runtime header declares isfinite, isnan, isinf and signbit for host
// code in the global namespace; HIP's declares them for device code only. Code
// compiled for the host (host and __host__ __device__ functions) calls the std::
// forms; device-only code, qualified names, members and macro bodies stay.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>
__device__ bool finite_on_device(float x) { return isfinite(x) && !isnan(x); }
__host__ __device__ bool infinite_anywhere(float x) { return isinf(x); }
struct Check { bool isnan; };
#define FINITE(x) isfinite(x)
__global__ void keep(float *p) { p[0] = finite_on_device(p[0]) && infinite_anywhere(p[1]) && !signbit(p[2]); }
int main() {
  float x = 1.0f;
  double y = 2.0;
  Check c{false};
  if (isfinite(x) && !isnan(y) && !isinf(x) && !signbit(x) && std::isfinite(x) && !c.isnan)
    printf("ok\n");
  return 0;
}
