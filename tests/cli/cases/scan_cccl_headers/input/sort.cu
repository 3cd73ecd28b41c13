// CCCL from CUDA 12.6 on needs variadic device functions to parse (libclang
// refuses them by default): cub and cooperative_groups/reduce.h come from it.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/cub.cuh>

namespace cg = cooperative_groups;

__global__ void block_sum(const int* in, int* out)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = cg::reduce(tile, in[threadIdx.x], cg::plus<int>());
    if (tile.thread_rank() == 0)
        atomicAdd(out, v);
}

void sort_pairs(const int* keys_in, int* keys_out, const float* vals_in, float* vals_out, int n)
{
    void* scratch = nullptr;
    size_t bytes = 0;
    cub::DeviceRadixSort::SortPairs(scratch, bytes, keys_in, keys_out, vals_in, vals_out, n);
    cudaMalloc(&scratch, bytes);
    cub::DeviceRadixSort::SortPairs(scratch, bytes, keys_in, keys_out, vals_in, vals_out, n);
    cudaFree(scratch);
}
