// cudaMemsetParams filled by position: before ROCm 7.0 HIP declared its members
// in another order, so the values land in the wrong fields.
// hipport-args: --rocm 6.3
#include <cuda_runtime.h>
void nodes(cudaGraph_t g, float *p, size_t n) {
  cudaGraphNode_t node;
  cudaMemsetParams by_position = {p, 0, 0, sizeof(float), n, 1}; // expect HP2402
  cudaMemsetParams braced{p, 0, 0, sizeof(float), n, 1}; // expect HP2402
  cudaMemsetParams named = {};
  named.dst = p;
  cudaMemsetParams *ptr = &named;
  cudaGraphAddMemsetNode(&node, g, nullptr, 0, &by_position);
  cudaGraphAddMemsetNode(&node, g, nullptr, 0, &braced);
  cudaGraphAddMemsetNode(&node, g, nullptr, 0, ptr);
}
