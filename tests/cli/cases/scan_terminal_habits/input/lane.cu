#include <cuda_runtime.h>
__global__ void k(int *o) {
  int lane = threadIdx.x % 32;
  asm volatile("membar.gl;");
  o[lane] = 0;
}
