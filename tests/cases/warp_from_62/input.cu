#include <cuda_runtime.h>
__device__ float reduce(float v) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffff, v, off);
  return v;
}
__global__ void vote(const int *in, unsigned long long *out, unsigned mask) {
  int p = in[threadIdx.x] > 0;
  unsigned long long b = __ballot_sync(0xFFFFFFFFu, p);
  int any = __any_sync(mask, p);
  unsigned long long act = __activemask();
  __syncwarp();
  float x = __shfl_sync(0xffffffff, 1.0f, 0);
  float y = __shfl_xor_sync(__activemask(), x, 1);
  float z = __shfl_sync((unsigned long long)mask, y, 0);
  if (threadIdx.x == 0) out[0] = b + any + act + (unsigned long long)(x + y + z);
}
