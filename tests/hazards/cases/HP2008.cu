// HIP's *_sync intrinsics static_assert a 64-bit mask: a 32-bit mask that is not
// the full literal is cast, and may leave lanes 32-63 out.
#include <cuda_runtime.h>
__global__ void shuffles(float *x, unsigned mask) {
  float v = x[threadIdx.x];
  v += __shfl_sync(mask, v, 0); // expect HP2008
  v += __shfl_down_sync(mask & 0xffffu, v, 1); // expect HP2008
  v += __shfl_sync(0xffffffff, v, 0);
  v += __shfl_sync(~0ull, v, 0);
  v += __shfl_sync(__activemask(), v, 0);
  v += __shfl_sync((unsigned long long)mask, v, 0);
  __syncwarp(mask);
  x[threadIdx.x] = v;
}
