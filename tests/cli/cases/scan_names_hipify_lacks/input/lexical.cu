// A syntax error at the end (line 22) sends this copy to the lexical reader.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <functional>
#include <numeric>
namespace cg = cooperative_groups;

__device__ int reduce(int a) { return a; }

__global__ void k(const int* in, int* out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int v = cg::reduce(tile, in[threadIdx.x], cg::plus<int>());
    int w = cg::reduce(tile, v, cg::greater<int>());
    if (tile.thread_rank() == 0)
        out[blockIdx.x] = reduce(w);
}

int host_sum(const int* a, int n) { return std::accumulate(a, a + n, 0, std::plus<int>()); }
int broken = ;
