#include <cuda_runtime.h>
__global__ void lanes(int *out) {
  out[threadIdx.x] = threadIdx.x % 32;
}
