#include <cstdio>
#include <cuda_runtime.h>

int main() {
  double x = exp(1.0);
  cudaDeviceSynchronize();
  printf("%f\n", x);
  return 0;
}
