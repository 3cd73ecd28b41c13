#include <hip/hip_runtime.h>
#include <cstdio>
int main() {
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  // hipport HP2304: warpSize: cudaDeviceProp fields differ on AMD: warpSize is 64 on CDNA, major/minor are not CUDA compute capabilities, shared memory and register limits differ
  printf("%d %d %d\n", p.asyncEngineCount, p.sparseHipArraySupported, p.warpSize);
  // hipport HP1001: cudaDeviceProp.mpsEnabled (CUDA_Runtime) has no HIP counterpart: rewrite this use by hand
  printf("%d\n", p.mpsEnabled);
  return 0;
}
