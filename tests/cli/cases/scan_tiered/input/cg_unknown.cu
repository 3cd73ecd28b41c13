#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// binary_partition: cooperative_groups.h declares it, no rule knows it.
__global__ void split(int *out) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  auto half = cg::binary_partition(tile, threadIdx.x & 1);
  out[threadIdx.x] = half.thread_rank();
}
