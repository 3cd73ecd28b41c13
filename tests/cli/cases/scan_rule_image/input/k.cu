#include <cuda_runtime.h>
#include <cmath>
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
int main() {
  float *d;
  cudaMalloc(&d, 32 * sizeof(float));
  scale<<<1, 32>>>(d, 2.0f);
  cudaDeviceSynchronize();
  bool ok = isfinite(1.0f);
  cudaFree(d);
  return ok ? 0 : 1;
}
