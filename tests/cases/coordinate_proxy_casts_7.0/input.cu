// HIP's threadIdx.x and kin are proxy objects before ROCm 6.1: min and max
// find no best overload for them and printf would get an object. Each such
// argument is cast to unsigned; arithmetic, calls and casts already there stay.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void tile(float *out, unsigned rem) {
  unsigned n = min(rem, blockDim.x);
  unsigned m = max(threadIdx.x, blockIdx.y);
  unsigned k = umin(rem, blockDim.x * 2);
  if (threadIdx.x == 0)
    printf("block %u of %u\n", blockIdx.x, gridDim.x);
  out[threadIdx.x] = n + m + k + min(rem, (unsigned)blockDim.y);
}
int main() {
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  tile<<<2, 128>>>(d, 100u);
  cudaDeviceSynchronize();
  return 0;
}
