#include <cstdio>

#include "scale.h"

__global__ void scale(float *x) { x[threadIdx.x] *= SCALE; }

int main() {
  float *x;
  cudaMalloc(&x, 64 * sizeof(float));
  scale<<<1, 64>>>(x);
  cudaDeviceSynchronize();
  cudaFree(x);
  printf("scaled by %d\n", SCALE);
  return 0;
}
