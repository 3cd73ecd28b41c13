// Shuffle reductions that start at offset 16 combine 32 lanes, half a wavefront.
#include <cuda_runtime.h>
#define REDUCE(v) for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o) // expect HP2009

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) // expect HP2009
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__device__ float warp_max(float v) {
#pragma unroll
  for (unsigned int mask = 16; mask >= 1; mask >>= 1) { // expect HP2009
    float other = __shfl_xor_sync(0xffffffff, v, mask, 32);
    v = fmaxf(v, other);
  }
  return v;
}

__device__ float fine_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  return v;
}

__global__ void halve(float *data, int n) {
  float acc = 0.0f;
  for (int s = 16; s > 0; s /= 2) // 16 halving steps over memory, no shuffle
    acc += data[s];
  for (int i = 16; i < n; i++)
    acc += __shfl_down_sync(0xffffffff, acc, 1);
  REDUCE(acc);
  data[threadIdx.x] = acc + warp_sum(acc) + warp_max(acc) + fine_sum(acc);
}
