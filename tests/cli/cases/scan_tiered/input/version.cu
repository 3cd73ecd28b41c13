#include <cuda_runtime.h>

void sync() {
#if CUDART_VERSION >= 11000
  cudaDeviceSynchronize();
#else
  cudaThreadSynchronize();
#endif
}
