#include <cstdio>

__global__ void scale(float *x, float s) { x[threadIdx.x] *= s; }

int main() {
  float *x;
  cudaMalloc(&x, 32 * sizeof(float));
  scale<<<1, 32>>>(x, 2.0f);
  cudaDeviceSynchronize();
  cudaFree(x);
  printf("done\n");
  return 0;
}
