// reduce_shfl: two reductions built on warp shuffles.
//
// segment_sums adds fixed 32-element segments with an explicit shuffle width
// of 32, so it gives the same bits whatever the hardware warp size is; the
// CPU reference replays the same addition tree and compares exactly.
//
// block_sums reduces a block with warpSize-driven shuffles. With a 64-wide
// warp the additions happen in a different order, so its total is compared
// against a double-precision CPU sum with a relative tolerance instead.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(err_));                              \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

#define BLOCK 256
static const int N = 1 << 20;
static const int SEG = 32;  // host-side segment length, matches segment_sums
static const int NSEG = N / SEG;
static const int NBLOCKS = N / BLOCK;

__global__ void segment_sums(const float* x, float* seg, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    float v = i < n ? x[i] : 0.0f;
    for (int off = 16; off > 0; off /= 2)
        v += __shfl_down_sync(0xffffffff, v, off, 32);
    if (lane == 0 && i < n)
        seg[i >> 5] = v;
}

__device__ float warp_reduce(float v)
{
    for (int off = warpSize / 2; off > 0; off /= 2)
        v += __shfl_down_sync(0xffffffff, v, off);
    return v;
}

__global__ void block_sums(const float* x, float* partial, int n)
{
    __shared__ float warp_sums[BLOCK / 32];
    int lane = threadIdx.x % warpSize;
    int warp = threadIdx.x / warpSize;
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    float v = warp_reduce(i < n ? x[i] : 0.0f);
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int nwarps = blockDim.x / warpSize;
        v = warp_reduce(lane < nwarps ? warp_sums[lane] : 0.0f);
        if (lane == 0)
            partial[blockIdx.x] = v;
    }
}

static void fill_input(float* x)
{
    for (int i = 0; i < N; ++i)
        x[i] = (float)((i * 37) % 1001) * 0.001f;
}

// Same tree as segment_sums: lane l adds lane l + off, for off = 16, 8, 4, 2, 1.
static float cpu_segment_sum(const float* x)
{
    float v[SEG];
    for (int l = 0; l < SEG; ++l)
        v[l] = x[l];
    for (int off = SEG / 2; off > 0; off /= 2)
        for (int l = 0; l < off; ++l)
            v[l] = v[l] + v[l + off];
    return v[0];
}

int main()
{
    float* x = (float*)malloc(N * sizeof(float));
    float* seg = (float*)malloc(NSEG * sizeof(float));
    float* partial = (float*)malloc(NBLOCKS * sizeof(float));
    fill_input(x);

    float *d_x, *d_seg, *d_partial;
    CHECK(cudaMalloc((void**)&d_x, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_seg, NSEG * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_partial, NBLOCKS * sizeof(float)));
    CHECK(cudaMemcpy(d_x, x, N * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    segment_sums<<<NBLOCKS, BLOCK>>>(d_x, d_seg, N);
    CHECK(cudaGetLastError());
    block_sums<<<NBLOCKS, BLOCK>>>(d_x, d_partial, N);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(seg, d_seg, NSEG * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(partial, d_partial, NBLOCKS * sizeof(float), cudaMemcpyDeviceToHost));

    int seg_bad = 0;
    for (int s = 0; s < NSEG; ++s)
        if (seg[s] != cpu_segment_sum(x + SEG * s))
            ++seg_bad;

    double total = 0.0, ref = 0.0;
    for (int b = 0; b < NBLOCKS; ++b)
        total += partial[b];
    for (int i = 0; i < N; ++i)
        ref += x[i];
    double rel_err = fabs(total - ref) / ref;
    int pass = seg_bad == 0 && rel_err <= 1e-5;

    printf("seg[0]: %.9g\n", seg[0]);
    printf("seg[777]: %.9g\n", seg[777]);
    printf("seg[32767]: %.9g\n", seg[NSEG - 1]);
    printf("seg_mismatches: %d\n", seg_bad);
    printf("total: %.6f\n", total);
    printf("ref_total: %.6f\n", ref);
    printf("rel_err_below_1e-5: %d\n", rel_err <= 1e-5);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_seg));
    CHECK(cudaFree(d_partial));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(x);
    free(seg);
    free(partial);
    return pass ? 0 : 1;
}
