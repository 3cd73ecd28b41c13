#include <cstdio>
#include <cuda_runtime.h>
int main() {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  printf("%d %d %d\n", p.asyncEngineCount, p.sparseCudaArraySupported, p.warpSize);
  printf("%d\n", p.mpsEnabled);
  return 0;
}
