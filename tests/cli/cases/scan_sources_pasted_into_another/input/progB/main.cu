// progB names the toolkit's cuda.h; progC keeps a cuda.h of its own, which is not this one
#include <cuda.h>
typedef double real;
#define BOUNDS __launch_bounds__(64)
#include "kernel.cu"

int main() {
  real *d = nullptr;
  cudaMalloc(&d, sizeof(real));
  count<<<1, 64>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
