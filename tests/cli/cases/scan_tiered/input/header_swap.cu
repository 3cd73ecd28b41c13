#include <cstdio>
#include <cuda_runtime.h>
#include "swap_using.h"

// swap of two ints is std::swap, by swap_using.h's using-declaration.
int main() {
  int i = 1, j = 2;
  swap(i, j);
  cudaDeviceSynchronize();
  printf("%d %d\n", i, j);
  return 0;
}
