// C++17 removed `register`; hipcc compiles C++17, so translate drops it.
#include <cuda_runtime.h>
__global__ void scale(float *v, float s, int n) {
  register int i = blockIdx.x * blockDim.x + threadIdx.x;
  register float factor = s; /* register is a hint no compiler took */
  int registers = n;
  if (i < registers)
    v[i] *= factor;
}
