// thrust_cub: the two header-only CUDA libraries. Thrust sorts keys with
// their values, reduces and transforms on device_vectors; a kernel sums each
// block's slice with cub::BlockReduce. Checked against std::sort and plain
// loops on the CPU.
//
// Keys come from a fixed LCG and every value is an integer, so the results do
// not depend on how either library orders its work. On AMD, rocThrust keeps
// Thrust's names and headers; hipCUB keeps CUB's names in namespace hipcub.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cub/block/block_reduce.cuh>
#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

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
static const int BLOCK = 128;
static const int GRID = N / BLOCK;

// 31-bit keys from a fixed LCG; values are the original positions.
static void fill_keys(std::vector<int>& keys, std::vector<int>& vals)
{
    unsigned int s = 12345u;
    for (int i = 0; i < N; ++i) {
        s = s * 1103515245u + 12345u;
        keys[i] = (int)(s >> 1) % 100000;
        vals[i] = i;
    }
}

__global__ void block_sums(const int* in, long long* out)
{
    typedef cub::BlockReduce<long long, BLOCK> Reduce;
    __shared__ typename Reduce::TempStorage temp;
    long long v = in[blockIdx.x * BLOCK + threadIdx.x];
    long long total = Reduce(temp).Sum(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = total;
}

struct Triple {
    __host__ __device__ int operator()(int k) const { return 3 * k - 7; }
};

struct DeviceResults {
    std::vector<int> keys, vals, tripled;
    std::vector<long long> sums;
    long long total = 0;
    float ms = 0.0f;
};

static void run_device(const std::vector<int>& keys, const std::vector<int>& vals, DeviceResults* r)
{
    thrust::device_vector<int> d_keys(keys.begin(), keys.end());
    thrust::device_vector<int> d_vals(vals.begin(), vals.end());
    thrust::device_vector<int> d_tripled(N);
    thrust::device_vector<long long> d_sums(GRID);

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    thrust::sort_by_key(d_keys.begin(), d_keys.end(), d_vals.begin());
    r->total = thrust::reduce(d_keys.begin(), d_keys.end(), 0LL, thrust::plus<long long>());
    thrust::transform(d_keys.begin(), d_keys.end(), d_tripled.begin(), Triple());
    block_sums<<<GRID, BLOCK>>>(thrust::raw_pointer_cast(d_tripled.data()),
                                thrust::raw_pointer_cast(d_sums.data()));
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventElapsedTime(&r->ms, start, stop));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));

    r->keys.resize(N);
    r->vals.resize(N);
    r->tripled.resize(N);
    r->sums.resize(GRID);
    thrust::copy(d_keys.begin(), d_keys.end(), r->keys.begin());
    thrust::copy(d_vals.begin(), d_vals.end(), r->vals.begin());
    thrust::copy(d_tripled.begin(), d_tripled.end(), r->tripled.begin());
    thrust::copy(d_sums.begin(), d_sums.end(), r->sums.begin());
}

// Equal keys may land in any order, so a value passes when it names a
// position that held that key.
static int count_mismatches(const std::vector<int>& keys, const std::vector<int>& sorted,
                            const DeviceResults& r)
{
    int bad = 0;
    for (int i = 0; i < N; ++i) {
        bad += r.keys[i] != sorted[i];
        bad += r.vals[i] < 0 || r.vals[i] >= N || keys[r.vals[i]] != r.keys[i];
        bad += r.tripled[i] != 3 * sorted[i] - 7;
    }
    for (int b = 0; b < GRID; ++b) {
        long long want = 0;
        for (int t = 0; t < BLOCK; ++t)
            want += 3 * sorted[b * BLOCK + t] - 7;
        bad += r.sums[b] != want;
    }
    return bad;
}

int main()
{
    std::vector<int> keys(N), vals(N);
    fill_keys(keys, vals);
    std::vector<int> sorted(keys);
    std::sort(sorted.begin(), sorted.end());

    DeviceResults r;
    run_device(keys, vals, &r);

    long long want_total = 0;
    for (int k : keys)
        want_total += k;
    int mismatches = count_mismatches(keys, sorted, r) + (r.total != want_total);
    int pass = mismatches == 0;

    printf("sorted[0]: %d\n", r.keys[0]);
    printf("sorted[32768]: %d\n", r.keys[N / 2]);
    printf("sorted[65535]: %d\n", r.keys[N - 1]);
    printf("total: %lld\n", r.total);
    printf("block_sum[0]: %lld\n", r.sums[0]);
    printf("block_sum[511]: %lld\n", r.sums[GRID - 1]);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", r.ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
