#include <cuda_fp16.h>

// nv_half and __nv_half2 are CUDA's other names for __half and __half2, which
// the rules know: read from the tokens, they port as a parse's typedef chain does.
__global__ void twice(nv_half *h, __nv_half2 *h2) {
  h[threadIdx.x] = __hadd(h[threadIdx.x], h[threadIdx.x]);
  h2[threadIdx.x] = __hadd2(h2[threadIdx.x], h2[threadIdx.x]);
}
