#include <cuda_runtime.h>
__global__ void k(int *out) {
  int lane = threadIdx.x % 32;
  unsigned int b = __ballot_sync(0xffffffff, lane & 1);
  int r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  out[lane] = b + r;
}
