#include <cuda_runtime.h>
__global__ void fill(float *p) { p[threadIdx.x] = 1.0f; }
int main() {
  float *d;
  cudaMalloc(&d, 64);
  fill<<<1, 16>>>(d);
  return cudaFree(d);
}
