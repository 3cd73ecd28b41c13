#include <cuda_runtime.h>
#include "local.h"

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }

int main() {
  float *x;
  cudaMalloc(&x, 32 * sizeof(float));
  scale<<<1, 32>>>(x, LOCAL_FACTOR);
  cudaFree(x);
  return 0;
}
