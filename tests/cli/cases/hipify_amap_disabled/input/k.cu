#include <cuda_runtime.h>
#define USE_ASYNC 0
int main() {
  float *d;
  cudaStream_t s;
#if USE_ASYNC
  cudaMallocAsync(&d, 256, s);
#else
  cudaMalloc(&d, 256);
#endif
}
