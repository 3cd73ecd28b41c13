/* the same heavy header, other light ones around it */
#include <cooperative_groups.h>
#include <vector>
#include <algorithm>

__global__ void warp_sum(float *x) {
  auto warp = cooperative_groups::tiled_partition<32>(cooperative_groups::this_thread_block());
  x[threadIdx.x] += warp.shfl_down(x[threadIdx.x], 16);
}
void run(float *x, cudaStream_t s) {
  std::vector<int> v(4);
  std::sort(v.begin(), v.end());
  warp_sum<<<1, 32, 0, s>>>(x);
  cudaStreamSynchronize(s);
}
