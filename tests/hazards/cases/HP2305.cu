// Cooperative-groups members that HIP 5.2 lacks; members it has, and a user's struct, are fine.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
struct Team { int num_threads() const { return 4; } bool any(bool p) const { return p; } };
__global__ void groups(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int n = block.num_threads(); // expect HP2305
  int r = tile.meta_group_rank(); // expect HP2305
  bool a = tile.any(out[0] > 0); // expect HP2305
  int s = tile.size() + block.size() + tile.thread_rank();
  int v = tile.shfl_down(s, 1);
  Team team;
  out[block.thread_rank()] = n + r + a + s + v + team.num_threads() + team.any(true);
}
