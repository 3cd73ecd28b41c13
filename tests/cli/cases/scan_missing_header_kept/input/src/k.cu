// Its build writes gen.h first; until then the parse stops at the include.
#include <cuda_runtime.h>
#include "gen.h"

__global__ void fill(float *x) { x[threadIdx.x] = GEN_VALUE; }

int main() {
  float *d;
  cudaMalloc(&d, 32 * sizeof(float));
  fill<<<1, 32>>>(d);
  cudaFree(d);
  return 0;
}
