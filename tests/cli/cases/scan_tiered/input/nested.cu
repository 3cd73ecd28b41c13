#include <cuda_runtime.h>

__global__ void child(int *x) { x[threadIdx.x] = 1; }

__global__ void parent(int *x) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(x);
}
