#include <cuda_runtime.h>

int count_devices() {
  int n = 0;
  cudaGetDeviceCount(&n);
  return n;
}
