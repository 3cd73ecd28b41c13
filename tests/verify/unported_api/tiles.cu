// A warp tile's rank among the block's tiles: meta_group_rank() is a
// cooperative-groups member that HIP 5.2 does not declare (HP2305).
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void ranks(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  if (tile.thread_rank() == 0)
    out[tile.meta_group_rank()] = tile.meta_group_rank();
}

int main() {
  int *d;
  cudaMalloc(&d, 8 * sizeof(int));
  ranks<<<1, 256>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
