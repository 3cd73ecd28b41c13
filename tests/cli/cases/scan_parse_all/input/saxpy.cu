#include <cuda_runtime.h>

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}

int main() {
  float *x, *y;
  cudaMalloc(&x, 256 * sizeof(float));
  cudaMalloc(&y, 256 * sizeof(float));
  saxpy<<<1, 256>>>(2.0f, x, y, 256);
  return cudaDeviceSynchronize();
}
