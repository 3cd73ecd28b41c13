#include <cuda_runtime.h>
#include <cstdio>
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
int main() {
  float *x, *y;
  cudaMalloc(&x, 64 * sizeof(float));
  cudaMalloc(&y, 64 * sizeof(float));
  saxpy<<<1, 64>>>(64, 2.0f, x, y);
  cudaDeviceSynchronize();
  printf("done: 1\n");
  cudaFree(x);
  cudaFree(y);
  return 0;
}
