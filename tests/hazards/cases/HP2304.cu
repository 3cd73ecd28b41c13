// cudaDeviceProp fields whose values differ on AMD; the rest, and look-alike structs, are fine.
#include <cstdio>
#include <cuda_runtime.h>
struct MyProp { int warpSize; int major; };
int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int lanes = prop.warpSize; // expect HP2304
  int cc = prop.major * 10 // expect HP2304
           + prop.minor; // expect HP2304
  size_t smem = prop.sharedMemPerBlock; // expect HP2304
  int sms = prop.multiProcessorCount;
  size_t global = prop.totalGlobalMem;
  MyProp mine = {32, 8};
  std::printf("%d %d %zu %d %zu %d %d %s\n", lanes, cc, smem, sms, global, mine.warpSize, mine.major, prop.name);
  return 0;
}
