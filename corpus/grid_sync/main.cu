// grid_sync: one kernel, two phases, separated by a grid-wide barrier.
//   phase 1: every block sums its grid-stride share of the input;
//   grid.sync();
//   phase 2: every block reads all block sums to get the total and writes
//            out[i] = total - in[i].
// A grid barrier needs every block resident at once, hence
// cudaLaunchCooperativeKernel and a grid no larger than the occupancy limit.
// Integer data keeps the results exact whatever the grid size.
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

#define BLOCK 256
static const int N = 1 << 20;
static const int MAX_GRID = 32;

__device__ long long block_reduce(long long v)
{
    __shared__ long long buf[BLOCK];
    buf[threadIdx.x] = v;
    __syncthreads();
    for (int half = BLOCK / 2; half > 0; half /= 2) {
        if (threadIdx.x < half)
            buf[threadIdx.x] += buf[threadIdx.x + half];
        __syncthreads();
    }
    long long total = buf[0];
    __syncthreads();  // buf is reused by the next call
    return total;
}

__global__ void two_phase(const int* in, long long* partial, long long* out, long long* total, int n)
{
    cg::grid_group grid = cg::this_grid();
    int first = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;

    long long acc = 0;
    for (int i = first; i < n; i += stride)
        acc += in[i];
    acc = block_reduce(acc);
    if (threadIdx.x == 0)
        partial[blockIdx.x] = acc;

    grid.sync();

    long long sum = 0;
    for (int b = threadIdx.x; b < gridDim.x; b += blockDim.x)
        sum += partial[b];
    sum = block_reduce(sum);
    for (int i = first; i < n; i += stride)
        out[i] = sum - in[i];
    if (first == 0)
        *total = sum;
}

static int pick_grid(void)
{
    int dev = 0, supported = 0, per_sm = 0, sms = 0;
    CHECK(cudaGetDevice(&dev));
    CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, dev));
    if (!supported) {
        fprintf(stderr, "device %d cannot launch cooperative kernels\n", dev);
        exit(2);
    }
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, two_phase, BLOCK, 0));
    int grid = per_sm * sms;
    return grid < MAX_GRID ? grid : MAX_GRID;
}

static float run(const int* in, long long* out, long long* total)
{
    int grid = pick_grid();
    int n = N;
    int* d_in;
    long long *d_partial, *d_out, *d_total;
    CHECK(cudaMalloc((void**)&d_in, N * sizeof(int)));
    CHECK(cudaMalloc((void**)&d_partial, grid * sizeof(long long)));
    CHECK(cudaMalloc((void**)&d_out, N * sizeof(long long)));
    CHECK(cudaMalloc((void**)&d_total, sizeof(long long)));
    CHECK(cudaMemcpy(d_in, in, N * sizeof(int), cudaMemcpyHostToDevice));

    void* args[] = { &d_in, &d_partial, &d_out, &d_total, &n };
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    CHECK(cudaLaunchCooperativeKernel((void*)two_phase, dim3(grid), dim3(BLOCK), args));
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(out, d_out, N * sizeof(long long), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(total, d_total, sizeof(long long), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_partial));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_total));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

int main()
{
    int* in = (int*)malloc(N * sizeof(int));
    long long* out = (long long*)malloc(N * sizeof(long long));
    long long ref = 0, total = 0;
    for (int i = 0; i < N; ++i) {
        in[i] = (i * 29 + 7) % 1000 - 500;
        ref += in[i];
    }

    float ms = run(in, out, &total);

    int mismatches = total != ref;
    for (int i = 0; i < N; ++i)
        mismatches += out[i] != ref - in[i];
    int pass = mismatches == 0;

    printf("total: %lld\n", total);
    printf("out[0]: %lld\n", out[0]);
    printf("out[1048575]: %lld\n", out[N - 1]);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(in);
    free(out);
    return pass ? 0 : 1;
}
