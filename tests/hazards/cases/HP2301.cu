// Grid-wide synchronisation; block- and tile-level groups are fine.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;
__global__ void two_phase(float *v) {
  cg::grid_group grid = cg::this_grid(); // expect HP2301
  cg::thread_block block = cg::this_thread_block();
  v[grid.thread_rank()] += 1;
  block.sync();
  grid.sync(); // expect HP2301
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  tile.sync();
}
void launch(float *v) {
  void *args[] = {&v};
  cudaLaunchCooperativeKernel((void *)two_phase, 4, 64, args); // expect HP2301
  int grid_groups = 0; // a variable that only sounds like it
  (void)grid_groups;
}
