#include <cstdio>
#include <cuda_runtime.h>
#include "timer.h"

int main() {
  double t = seconds();
  void *d;
  cudaMalloc(&d, 256);
  cudaFree(d);
  printf("%f\n", seconds() - t);
  return 0;
}
