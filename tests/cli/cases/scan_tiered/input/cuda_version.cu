#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>

// CUDA_VERSION has no rule: the tokens report it unknown (HP1005) as a parse does.
int main() {
#if CUDA_VERSION >= 12000
  printf("CUDA %d\n", CUDA_VERSION);
#endif
  cudaDeviceSynchronize();
  return 0;
}
