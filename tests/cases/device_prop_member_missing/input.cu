#include <cstdio>
#include <cuda_runtime.h>
int main() {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  printf("%s %d\n", p.name, p.asyncEngineCount);
  return 0;
}
