// CUDA's unsigned umin/umax: HIP's min and max take unsigned arguments.
#include <cuda_runtime.h>
__global__ void clamp(unsigned *v, unsigned lo, unsigned hi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = umin(umax(v[i], lo), hi);
}
