#include <cstdio>
#include <cuda_runtime.h>

// std::min and std::max come from <cmath>, which only the CUDA headers
// include here: the tokens give the HP2501 a parse gives, at each first use.
int main() {
  int n = 7;
  int blocks = 2 + std::min(4, n % 5);
  std::printf("%d %d\n", std::max(blocks, 1), std::min(n, 3));
  cudaDeviceSynchronize();
  return 0;
}
