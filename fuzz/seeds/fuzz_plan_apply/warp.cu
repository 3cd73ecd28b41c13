#include <cuda_runtime.h>
__device__ float reduce(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
  int lane = threadIdx.x % 32;
  unsigned m = __ballot_sync(__activemask(), v > 0);
  __shared__ float buf[32];
  buf[lane] = v;
  __syncwarp();
  return lane == 0 ? v + __popc(m) : v;
}
