#include <cstdio>
#include <cuda_runtime.h>
#include <vendor_math.h>
using namespace vendor;

// swap of two ints is vendor::swap, which is std::swap.
int main() {
  int i = 1, j = 2;
  swap(i, j);
  cudaDeviceSynchronize();
  printf("%d %d\n", i, j);
  return 0;
}
