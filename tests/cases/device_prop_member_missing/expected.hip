#include <hip/hip_runtime.h>
#include <cstdio>
int main() {
  hipDeviceProp_t p;
  hipGetDeviceProperties(&p, 0);
  // hipport HP1002: hipDeviceProp_t.asyncEngineCount arrives in ROCm 6.0.0, after the target: target a later ROCm or do without it
  printf("%s %d\n", p.name, p.asyncEngineCount);
  return 0;
}
