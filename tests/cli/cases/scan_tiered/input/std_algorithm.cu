#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>

// <algorithm> declares std::min too (clang's CUDA wrapper of it, more
// overloads): which declaration a call picks is for a parse to say.
int main() {
  int n = std::min(4, 7);
  cudaDeviceSynchronize();
  printf("%d\n", n);
  return 0;
}
