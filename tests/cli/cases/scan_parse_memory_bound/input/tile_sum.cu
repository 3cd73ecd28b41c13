#include <cstdio>
#include "common/groups.cuh"

__global__ void tile_sum(const float *in, float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int d = tile.size() / 2; d > 0; d /= 2)
    v += tile.shfl_down(v, d);
  if (tile.thread_rank() == 0)
    atomicAdd(out, v);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  tile_sum<<<4, 256>>>(in, out, 1024);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
