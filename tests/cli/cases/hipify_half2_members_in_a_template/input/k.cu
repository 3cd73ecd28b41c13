#include <cuda_runtime.h>
#include "cuda_fp16.h"

// Reads of a __half2's x and y in a kernel template that is instantiated: each
// gets one reinterpret_cast<half&>, whatever the tree shows of the template.
template <typename T>
__global__ void spread(T *out, __half2 *in) {
  __half2 h = in[threadIdx.x];
  out[threadIdx.x] = (T)h.x - (T)in->y;
  out[threadIdx.x + 32] = (T)reinterpret_cast<half&>(h.y); // already wrapped: left alone
}

int main() {
  float *out;
  __half2 *in;
  cudaMalloc(&out, 64 * sizeof *out);
  cudaMalloc(&in, 32 * sizeof *in);
  spread<float><<<1, 32>>>(out, in);
  __half2 host = __floats2half2_rn(1.5f, -2.25f);
  float x = host.x;
  cudaFree(in);
  cudaFree(out);
  return x > 0 ? 0 : 1;
}
