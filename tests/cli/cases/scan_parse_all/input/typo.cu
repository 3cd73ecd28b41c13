#include <cuda_runtime.h>

// A syntax error no reading from tokens looks for: only a parse finds it.
__global__ void scale(float *v, float s) {
  float k = s *;
  v[threadIdx.x] *= k;
}
