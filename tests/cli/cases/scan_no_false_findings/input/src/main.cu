// Nothing here is a false finding: helper_cuda.h and __ldlu are the tree's own,
// HIP spells __align__ as CUDA does, and nv_half is CUDA's other name for __half.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include "helper_cuda.h"

#define LOAD(p) __ldlu(p)

struct __align__(16) Quad { float x, y, z, w; };

__global__ void scale(const float *in, nv_half *out, __nv_half2 *pairs, Quad *q) {
  float v = LOAD(in + threadIdx.x);
  out[threadIdx.x] = __float2half(v);
  pairs[threadIdx.x] = __half2half2(out[threadIdx.x]);
  q[threadIdx.x].x = v;
}

int main() {
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
