// A 32-bit full mask in a *_sync intrinsic covers half a 64-lane wavefront.
#include <cuda_runtime.h>
__global__ void masks(float *v, unsigned m) {
  float x = v[threadIdx.x];
  x += __shfl_down_sync(0xffffffff, x, 1); // expect HP2002
  x += __shfl_xor_sync(0xFFFFFFFFu, x, 2); // expect HP2002
  x += __shfl_sync(~0u, x, 0); // expect HP2002
  int all = __all_sync(4294967295u, x > 0); // expect HP2002
  x += __shfl_down_sync(m, x, 1);          // a mask the caller computed
  x += __shfl_up_sync(0x0000ffff, x, 1);   // a partial mask, on purpose
  unsigned long long wide = 0xffffffffffffffffull;
  // __shfl_sync(0xffffffff, x, 0) in a comment is not code
  v[threadIdx.x] = x + all + (wide != 0);
}
