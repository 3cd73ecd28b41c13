#include <cstdio>

void report_device() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("%s\n", prop.name);
}
