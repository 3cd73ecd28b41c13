#include <cuda_runtime.h>
int main() {
  float *d;
  cudaStream_t s;
#ifdef USE_ASYNC
  cudaMallocAsync(&d, 256, s);
#else
  cudaMalloc(&d, 256);
#endif
}
