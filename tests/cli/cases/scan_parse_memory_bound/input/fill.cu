#include <cuda_runtime.h>

__global__ void fill(int *x, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = v;
}

void fill_all(int *x, int v, int n) {
  fill<<<(n + 255) / 256, 256>>>(x, v, n);
  cudaGetLastError();
}
