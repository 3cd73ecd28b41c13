#include <cuda_runtime.h>
__global__ void fill(float *x, float v) { x[threadIdx.x] = v; }
#define FILL_ALL fill<<<1, 64>>>(x, 1.0f)
#define LAUNCH(k, n, ...) k<<<1, n>>>(__VA_ARGS__);
int main() {
  float *x; cudaMalloc(&x, 64 * sizeof(float));
  FILL_ALL;
  LAUNCH(fill, 64, x, 2.0f)
  cudaDeviceSynchronize();
}
