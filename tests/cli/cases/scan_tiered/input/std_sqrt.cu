#include <cstdio>
#include <cuda_runtime.h>

// std::sqrt of a double is the C library's sqrt, which std takes by a using:
// no HP2501, where std::sqrt of a float would have one. A parse tells which.
int main() {
  double r = std::sqrt(2.0);
  cudaDeviceSynchronize();
  printf("%f\n", r);
  return 0;
}
