// __nv_bfloat16 reaches this file through CUDA's runtime header; HIP's runtime
// header brings in no bfloat16 type, so translate includes the header of the
// name the target has (hip_bfloat16 before ROCm 5.7, __hip_bfloat16 from it).
#include <cuda_runtime.h>

__global__ void widen(const __nv_bfloat16 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (float)in[i];
}
