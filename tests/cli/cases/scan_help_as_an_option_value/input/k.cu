#include <cuda_runtime.h>

int main() {
  float *d;
  cudaMalloc(&d, 64 * sizeof *d);
  cudaFree(d);
}
