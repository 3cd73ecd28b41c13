// warp_vote: per-warp votes over a predicate (value > 25) with __ballot_sync,
// __any_sync, __all_sync and __activemask, counted with __popc.
//
// The input is laid out in 32-element groups: every fourth group is all
// true, the next all false, the other two mixed, so each vote has something
// to report. The program is written the way much CUDA code is, assuming a
// 32-lane warp: ballots are kept in 32-bit unsigned ints and lanes come from
// `& 31`. On a 64-lane wavefront those assumptions give wrong counts, which
// is exactly the hazard a port has to fix.
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

static const int N = 1 << 16;
static const int GROUP = 32;  // host-side layout: one vote record per 32 values
static const int NWARPS = N / GROUP;
static const int BLOCK = 128;
static const int THRESHOLD = 25;

struct WarpVotes {
    int count;   // lanes whose predicate holds
    int any;
    int all;
    int active;  // lanes active at the vote
};

__global__ void vote(const int* values, WarpVotes* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int pred = values[i] > THRESHOLD;

    __syncwarp();
    unsigned int active = __activemask();
    unsigned int ballot = __ballot_sync(0xffffffff, pred);
    int any = __any_sync(0xffffffff, pred);
    int all = __all_sync(0xffffffff, pred);

    int lane = threadIdx.x & 31;
    if (lane == 0) {
        WarpVotes v = { __popc(ballot), any != 0, all != 0, __popc(active) };
        out[i >> 5] = v;
    }
}

static int value_at(int i)
{
    int group = i / GROUP;
    switch (group % 4) {
    case 0: return 50 + i % 10;       // all above the threshold
    case 1: return i % 20;            // all below
    default: return (i * 13) % 50;    // mixed
    }
}

static WarpVotes cpu_vote(const int* values)
{
    WarpVotes v = { 0, 0, 1, GROUP };
    for (int l = 0; l < GROUP; ++l) {
        int pred = values[l] > THRESHOLD;
        v.count += pred;
        v.any |= pred;
        v.all &= pred;
    }
    return v;
}

int main()
{
    int* values = (int*)malloc(N * sizeof(int));
    WarpVotes* votes = (WarpVotes*)malloc(NWARPS * sizeof(WarpVotes));
    for (int i = 0; i < N; ++i)
        values[i] = value_at(i);

    int* d_values;
    WarpVotes* d_votes;
    CHECK(cudaMalloc((void**)&d_values, N * sizeof(int)));
    CHECK(cudaMalloc((void**)&d_votes, NWARPS * sizeof(WarpVotes)));
    CHECK(cudaMemcpy(d_values, values, N * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    vote<<<N / BLOCK, BLOCK>>>(d_values, d_votes, N);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(cudaMemcpy(votes, d_votes, NWARPS * sizeof(WarpVotes), cudaMemcpyDeviceToHost));

    long true_lanes = 0, any_warps = 0, all_warps = 0, active_lanes = 0;
    int mismatches = 0;
    for (int w = 0; w < NWARPS; ++w) {
        WarpVotes ref = cpu_vote(values + GROUP * w);
        WarpVotes got = votes[w];
        if (got.count != ref.count || got.any != ref.any || got.all != ref.all || got.active != ref.active)
            ++mismatches;
        true_lanes += got.count;
        any_warps += got.any;
        all_warps += got.all;
        active_lanes += got.active;
    }
    int pass = mismatches == 0;

    printf("true_lanes: %ld\n", true_lanes);
    printf("any_warps: %ld\n", any_warps);
    printf("all_warps: %ld\n", all_warps);
    printf("active_lanes: %ld\n", active_lanes);
    printf("votes[2].count: %d\n", votes[2].count);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    CHECK(cudaFree(d_values));
    CHECK(cudaFree(d_votes));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(values);
    free(votes);
    return pass ? 0 : 1;
}
