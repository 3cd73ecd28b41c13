// threadIdx, blockIdx, blockDim and gridDim members are proxy objects in HIP
// before ROCm 6.1: min, max and printf need them as numbers.
// hipport-args: --rocm 5.2
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned twice(unsigned v) { return 2 * v; }

__global__ void tile(float *out, unsigned rem, int n, uint3 dims) {
  unsigned a = min(rem, blockDim.x); // expect HP2405
  unsigned b = max(threadIdx.y, rem); // expect HP2405
  unsigned c = umin(rem, gridDim.x); // expect HP2405
  printf("block %u thread %u\n", blockIdx.x, threadIdx.x); // expect HP2405
  unsigned d = min(rem, twice(blockDim.x)); // a call's result is a number
  unsigned e = min(rem, blockDim.x * 2); // arithmetic gives a number
  unsigned g = min(rem, (unsigned)blockDim.x); // already cast
  unsigned h = std::min(rem, a); // no proxy
  unsigned i = min(rem, dims.x); // a plain struct member
  printf("n = %d\n", n);
  float j = fminf(out[0], (float)threadIdx.x);
  out[threadIdx.x] = a + b + c + d + e + g + h + i + j;
}
