#include <cuda_runtime.h>

// max's second argument is a call of CUDA's min: of no type of std, so no
// lookup by argument finds std::max.
__device__ float bound(float x, float a, float b) { return max(a, min(b, x)); }

__global__ void squash(float *p) { p[threadIdx.x] = bound(p[threadIdx.x], 0.0f, 1.0f); }

int main() {
  float *d = nullptr;
  cudaMalloc(&d, 32 * sizeof(float));
  squash<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
