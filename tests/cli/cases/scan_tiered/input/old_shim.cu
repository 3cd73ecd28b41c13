#include <cstdio>
#include <cuda_runtime.h>
#include "old_shim.h"

__global__ void fill(int *out) { out[threadIdx.x] = threadIdx.x; }

int main() {
  int *d = nullptr;
  cudaMalloc(&d, 32 * sizeof(int));
  fill<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  printf("done\n");
  return 0;
}
