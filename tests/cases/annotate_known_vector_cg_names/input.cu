#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ int rank_of(cg::thread_group g) { return g.thread_rank(); }
__global__ void pack(uint4 *out) {
  cg::thread_block b = cg::this_thread_block();
  cg::sync(b);
  out[threadIdx.x] = make_uint4(rank_of(b), 0, 0, 0);
}
