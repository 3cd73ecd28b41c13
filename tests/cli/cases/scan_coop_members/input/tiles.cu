#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct Tally {
  int meta_group_rank() const { return 1; } /* the user's own member: silent */
  bool any(int) const { return true; }
};

__global__ void tiles(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  Tally t;
  int r = tile.thread_rank() + (int)tile.size() + t.meta_group_rank() + t.any(1);
  r += tile.shfl_down(r, 1);
  out[0] = r + tile.meta_group_rank();
  out[1] = tile.ballot(r > 0) + (int)block.num_threads();
}
