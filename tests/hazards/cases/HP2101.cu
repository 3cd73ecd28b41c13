// Inline PTX, in either spelling; a function or variable named asm-like is fine.
#include <cuda_runtime.h>
__device__ unsigned lane_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id)); // expect HP2101
  return id;
}
__device__ int add_one(int x) {
  int y;
  asm("add.s32 %0, %1, 1;" : "=r"(y) : "r"(x)); // expect HP2101
  return y;
}
__device__ int asm_like(int x) { return x + 1; }
__global__ void k(int *out) {
  int asm_count = asm_like(1); // "asm(" in a string, asm in a name
  out[threadIdx.x] = lane_id() + add_one(asm_count);
}
