#include <cuda_runtime.h>

void sync_all() {
#if CUDART_VERSION >= 11000
  cudaDeviceSynchronize();
#else
  cudaThreadSynchronize();
#endif
}
