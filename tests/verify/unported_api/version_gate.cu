// A version gate on the CUDA runtime: the port is not built by CUDA, and
// hipport has no finding for the #if.
#include <cstdio>

#include <cuda_runtime.h>

#if !defined(CUDART_VERSION) || CUDART_VERSION < 11000
#error "this code needs CUDA 11 or newer"
#endif

int main() {
  int n = 0;
  cudaGetDeviceCount(&n);
  printf("devices: %d\n", n);
  return 0;
}
