#include "verbose.cuh"

int main() {
  void *d;
  check(cudaMalloc(&d, 16));
  check(cudaFree(d));
  return 0;
}
