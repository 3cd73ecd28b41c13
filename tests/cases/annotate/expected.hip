#ifndef HIP_ENABLE_WARP_SYNC_BUILTINS
#define HIP_ENABLE_WARP_SYNC_BUILTINS
#endif
#include <hip/hip_runtime.h>
__global__ void k(int *out) {
  // hipport HP2001: 'threadIdx.x % 32': use warpSize (64 on CDNA GPUs) instead of 32, 31 and 5 in lane and warp arithmetic
  int lane = threadIdx.x % 32;
  // hipport HP2002: '__ballot_sync(0xffffffff': a 32-bit full mask covers half of a 64-lane wavefront: use a 64-bit mask (~0ull) or drop the mask
  // hipport HP2003: 'unsigned int b = __ballot_sync(': ballot and activemask return 64 bits on AMD: keep the result in a 64-bit integer (unsigned long long)
  unsigned int b = __ballot_sync(0xffffffffffffffffull, lane & 1);
  int r;
  // hipport HP2101: inline PTX does not assemble for AMD GPUs: rewrite with HIP intrinsics or GCN/CDNA builtins (PTX: mov.u32)
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  out[lane] = b + r;
}
