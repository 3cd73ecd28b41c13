// A 32-bit full mask covers half a 64-lane wavefront: in a *_sync intrinsic, or as
// the start of a lane mask built by shifts or kept in a mask variable.
#include <cuda_runtime.h>
#define LOWER_MASK(n) (0xffffffffu >> (32 - (n))) // expect HP2002
__global__ void masks(float *v, unsigned m, int n, unsigned long long h) {
  float x = v[threadIdx.x];
  x += __shfl_down_sync(0xffffffff, x, 1); // expect HP2002
  x += __shfl_xor_sync(0xFFFFFFFFu, x, 2); // expect HP2002
  x += __shfl_sync(~0u, x, 0); // expect HP2002
  int all = __all_sync(4294967295u, x > 0); // expect HP2002
  unsigned below = 0xffffffff >> (32 - threadIdx.x % 32); // expect HP2002
  unsigned above = 0xffffffffu << (threadIdx.x + 1); // expect HP2002
  unsigned full_mask = 0xffffffff; // expect HP2002
  x += __shfl_down_sync(m, x, 1);          // a mask the caller computed
  x += __shfl_up_sync(0x0000ffff, x, 1);   // a partial mask, on purpose
  unsigned long long wide = 0xffffffffffffffffull;
  unsigned long long wide_below = 0xffffffffffffffffull >> n;
  unsigned low32 = (unsigned)(h & 0xffffffff);  // truncation to 32 bits, not a lane mask
  unsigned hash = 0xffffffff;                   // a hash seed
  // __shfl_sync(0xffffffff, x, 0) in a comment is not code
  v[threadIdx.x] = x + all + (wide != 0) + below + above + full_mask + wide_below + low32 + hash + LOWER_MASK(n);
}
