#include <cuda_runtime.h>
__global__ void one(int *p) { *p = 1; }
int main() {
  int *d = nullptr;
  cudaMalloc(&d, sizeof(int));
  one<<<1, 1>>>(d);
  return cudaFree(d);
}
