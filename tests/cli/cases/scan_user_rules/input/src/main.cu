#include "memory.h"
__global__ void fill(float *x) {
  int lane = threadIdx.x % 32;
  x[threadIdx.x] = lane;
}
int main() {
  float *d, *h;
  if (myCudaMalloc((void **)&d, 256 * sizeof(float)) != cudaSuccess)
    return 1;
  cudaMallocHost((void **)&h, 256 * sizeof(float));
  fill<<<1, LAUNCH_WARPS(32)>>>(d);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
