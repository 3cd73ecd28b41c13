// HIP's occupancy calls have no block-size callback: a real one is dropped, a null one is nothing.
#include <cuda.h>
size_t smem_for(int block) { return (size_t)block * 4; }
void occupancy(CUfunction fn, int limit) {
  int grid = 0, block = 0;
  cuOccupancyMaxPotentialBlockSize(&grid, &block, fn, smem_for, 0, limit); // expect HP1009
  cuOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, fn, smem_for, 0, limit, 0); // expect HP1009
  cuOccupancyMaxPotentialBlockSize(&grid, &block, fn, 0, 1024, limit);
  cuOccupancyMaxPotentialBlockSize(&grid, &block, fn, NULL, 0, limit);
  cuOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, fn, nullptr, 0, limit, 0);
}
