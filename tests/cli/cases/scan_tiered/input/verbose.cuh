#pragma once
#include <cstdio>
#include <cuda_runtime.h>

inline void check(cudaError_t e) {
#ifdef VERBOSE_CHECKS
  printf("%s\n", cudaGetErrorString(e));
#endif
  if (e != cudaSuccess)
    cudaDeviceReset();
}
