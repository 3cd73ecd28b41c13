// C++17 removed `register`; hipcc compiles C++17, so translate drops it.
#include <hip/hip_runtime.h>
__global__ void scale(float *v, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float factor = s; /* register is a hint no compiler took */
  int registers = n;
  if (i < registers)
    v[i] *= factor;
}
