#include <cuda_runtime.h>
#include <cstdio>
__global__ void fill(float *p, size_t n) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 1.0f;
}
int main() {
  size_t n = 1024, begin = 0, end = n;
  float *p;
  cudaMalloc(&p, (end - begin) * sizeof(float));
  fill<<<4, 256>>>(p, end);
  cudaDeviceSynchronize();
  printf("%zu\n", end);
  return 0;
}
