#include <hip/hip_runtime.h>
int main() {
  void *p; hipStream_t s; hipStreamCreate(&s);
  cudaMallocAsync(&p, 64, s);
  cudaFreeAsync(p, s);
}
