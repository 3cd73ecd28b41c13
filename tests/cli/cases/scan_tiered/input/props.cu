#include <cuda_runtime.h>

struct Device {
  cudaDeviceProp prop;
  int id;
};

int warp(const Device &d) { return d.prop.warpSize; }
