// nv_half and __nv_half2 are CUDA's other names for __half and __half2: they take
// their target's HIP name. __align__ is spelled the same in HIP: left as it is.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

struct __align__(8) HalfPair { __half a, b; };

__global__ void pack(const HalfPair *in, __half2 *out, __half2 *copy) {
  out[threadIdx.x] = __halves2half2(in[threadIdx.x].a, in[threadIdx.x].b);
  copy[threadIdx.x] = out[threadIdx.x];
}
