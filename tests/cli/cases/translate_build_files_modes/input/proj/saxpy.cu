#include <cstdio>
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
int main() {
  float *x, *y;
  cudaMallocManaged(&x, 1024 * sizeof(float));
  cudaMallocManaged(&y, 1024 * sizeof(float));
  saxpy<<<4, 256>>>(1024, 2.0f, x, y);
  cudaDeviceSynchronize();
  printf("ok\n");
  return 0;
}
