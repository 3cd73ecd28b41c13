// coop_groups: block- and tile-level cooperative groups. Each block is split
// into tiles of 32 threads (tiled_partition<32>); every tile reduces its
// values with tile.shfl_down, and the tile totals are combined per block
// after block.sync().
//
// The tile is 32 threads by construction, not by hardware, so the results do
// not depend on the warp size. Integer-valued floats keep every sum exact.
#include <cstdio>
#include <cstdlib>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(err_));                              \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

#define TILE 32
#define BLOCK 256
static const int N = 1 << 18;

template <typename Tile>
__device__ float tile_sum(const Tile& tile, float v)
{
    for (int off = tile.size() / 2; off > 0; off /= 2)
        v += tile.shfl_down(v, off);
    return v;
}

__global__ void tile_and_block_sums(const float* x, float* tile_sums, float* block_sums, int n)
{
    __shared__ float per_tile[BLOCK / TILE];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    float v = tile_sum(tile, i < n ? x[i] : 0.0f);
    if (tile.thread_rank() == 0) {
        per_tile[block.thread_rank() / TILE] = v;
        tile_sums[i / TILE] = v;
    }
    block.sync();

    if (block.thread_rank() == 0) {
        float s = 0.0f;
        for (int t = 0; t < BLOCK / TILE; ++t)
            s += per_tile[t];
        block_sums[blockIdx.x] = s;
    }
}

static float run(const float* x, float* tile_sums, float* block_sums)
{
    float *d_x, *d_tiles, *d_blocks;
    CHECK(cudaMalloc((void**)&d_x, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_tiles, N / TILE * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_blocks, N / BLOCK * sizeof(float)));
    CHECK(cudaMemcpy(d_x, x, N * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    tile_and_block_sums<<<N / BLOCK, BLOCK>>>(d_x, d_tiles, d_blocks, N);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(tile_sums, d_tiles, N / TILE * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(block_sums, d_blocks, N / BLOCK * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_tiles));
    CHECK(cudaFree(d_blocks));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

static float cpu_sum(const float* x, int count)
{
    float s = 0.0f;
    for (int k = 0; k < count; ++k)
        s += x[k];
    return s;
}

int main()
{
    float* x = (float*)malloc(N * sizeof(float));
    float* tile_sums = (float*)malloc(N / TILE * sizeof(float));
    float* block_sums = (float*)malloc(N / BLOCK * sizeof(float));
    for (int i = 0; i < N; ++i)
        x[i] = (float)((i * 11) % 17 - 7);

    float ms = run(x, tile_sums, block_sums);

    int mismatches = 0;
    double total = 0.0;
    for (int t = 0; t < N / TILE; ++t)
        mismatches += tile_sums[t] != cpu_sum(x + t * TILE, TILE);
    for (int b = 0; b < N / BLOCK; ++b) {
        mismatches += block_sums[b] != cpu_sum(x + b * BLOCK, BLOCK);
        total += block_sums[b];
    }
    int pass = mismatches == 0;

    printf("tile_sums[0]: %.9g\n", tile_sums[0]);
    printf("tile_sums[100]: %.9g\n", tile_sums[100]);
    printf("block_sums[0]: %.9g\n", block_sums[0]);
    printf("block_sums[1023]: %.9g\n", block_sums[N / BLOCK - 1]);
    printf("total: %.1f\n", total);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(x);
    free(tile_sums);
    free(block_sums);
    return pass ? 0 : 1;
}
