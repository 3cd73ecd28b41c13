// light headers before the heavy one
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_sum(int *x) {
  cg::thread_block block = cg::this_thread_block();
  x[block.thread_rank()] += 1;
  block.sync();
  __syncthreads();
}
int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  tile_sum<<<1, 64>>>(d);
  printf("%d\n", (int)cudaDeviceSynchronize());
  return 0;
}
