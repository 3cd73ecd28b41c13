#include <cuda_runtime.h>
int main() {
  void *p; cudaStream_t s; cudaStreamCreate(&s);
  cudaMallocAsync(&p, 64, s);
  cudaFreeAsync(p, s);
}
