#include <cuda_fp16.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void square(half2 *v, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = block.group_index().x * block.size() + block.thread_rank();
  if (i < n)
    v[i] = __hmul2(v[i], v[i]);
}
