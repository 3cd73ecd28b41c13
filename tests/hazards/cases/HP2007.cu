// ROCm 6.2 and 6.3 declare the native *_sync intrinsics only where
// HIP_ENABLE_WARP_SYNC_BUILTINS is defined: one finding per file, at the first.
// hipport-args: --rocm 6.3
#include <cuda_runtime.h>
__global__ void reduce(float *x) {
  float v = x[threadIdx.x];
  v += __shfl_down_sync(0xffffffffffffffffull, v, 1); // expect HP2007
  v += __shfl_xor_sync(0xffffffffffffffffull, v, 2);
  x[threadIdx.x] = v;
}
