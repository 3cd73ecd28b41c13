// prefix_scan: exclusive prefix sum of 2^18 unsigned ints with the Blelloch
// work-efficient scan in shared memory, over several blocks:
//   1. every block scans its SCAN_ELEMS elements and writes its total;
//   2. one block scans those totals;
//   3. every element gets the scanned total of the blocks before it.
// Integer data makes the result exact.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <scan_config.h>

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(err_));                              \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

__device__ void up_sweep(unsigned int* temp, int t)
{
    int offset = 1;
    for (int d = SCAN_ELEMS / 2; d > 0; d /= 2, offset *= 2) {
        __syncthreads();
        if (t < d)
            temp[offset * (2 * t + 2) - 1] += temp[offset * (2 * t + 1) - 1];
    }
}

__device__ void down_sweep(unsigned int* temp, int t)
{
    int offset = SCAN_ELEMS;
    for (int d = 1; d < SCAN_ELEMS; d *= 2) {
        offset /= 2;
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            unsigned int left = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += left;
        }
    }
    __syncthreads();
}

// block_sums may be NULL when the caller does not need the block totals.
__global__ void scan_blocks(const unsigned int* in, unsigned int* out, unsigned int* block_sums, int n)
{
    __shared__ unsigned int temp[SCAN_ELEMS];
    int t = threadIdx.x;
    int base = blockIdx.x * SCAN_ELEMS;
    temp[2 * t] = base + 2 * t < n ? in[base + 2 * t] : 0;
    temp[2 * t + 1] = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : 0;

    up_sweep(temp, t);
    if (t == 0) {
        if (block_sums)
            block_sums[blockIdx.x] = temp[SCAN_ELEMS - 1];
        temp[SCAN_ELEMS - 1] = 0;
    }
    down_sweep(temp, t);

    if (base + 2 * t < n)
        out[base + 2 * t] = temp[2 * t];
    if (base + 2 * t + 1 < n)
        out[base + 2 * t + 1] = temp[2 * t + 1];
}

__global__ void add_block_offsets(unsigned int* out, const unsigned int* offsets, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] += offsets[i / SCAN_ELEMS];
}

static float device_scan(const unsigned int* in, unsigned int* out)
{
    size_t bytes = SCAN_N * sizeof(unsigned int);
    unsigned int *d_in, *d_out, *d_sums, *d_offsets;
    CHECK(cudaMalloc((void**)&d_in, bytes));
    CHECK(cudaMalloc((void**)&d_out, bytes));
    CHECK(cudaMalloc((void**)&d_sums, SCAN_BLOCKS * sizeof(unsigned int)));
    CHECK(cudaMalloc((void**)&d_offsets, SCAN_BLOCKS * sizeof(unsigned int)));
    CHECK(cudaMemcpy(d_in, in, bytes, cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    scan_blocks<<<SCAN_BLOCKS, SCAN_THREADS>>>(d_in, d_out, d_sums, SCAN_N);
    CHECK(cudaGetLastError());
    scan_blocks<<<1, SCAN_THREADS>>>(d_sums, d_offsets, NULL, SCAN_BLOCKS);
    CHECK(cudaGetLastError());
    add_block_offsets<<<SCAN_N / SCAN_THREADS, SCAN_THREADS>>>(d_out, d_offsets, SCAN_N);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_sums));
    CHECK(cudaFree(d_offsets));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

int main()
{
    unsigned int* in = (unsigned int*)malloc(SCAN_N * sizeof(unsigned int));
    unsigned int* out = (unsigned int*)malloc(SCAN_N * sizeof(unsigned int));
    for (int i = 0; i < SCAN_N; ++i)
        in[i] = (unsigned int)((i * 7 + 3) % 13);

    float ms = device_scan(in, out);

    int mismatches = 0;
    unsigned int running = 0;
    for (int i = 0; i < SCAN_N; ++i) {
        mismatches += out[i] != running;
        running += in[i];
    }
    int pass = mismatches == 0;

    printf("out[1]: %u\n", out[1]);
    printf("out[1000]: %u\n", out[1000]);
    printf("out[512]: %u\n", out[SCAN_ELEMS]);
    printf("out[262143]: %u\n", out[SCAN_N - 1]);
    printf("total: %u\n", out[SCAN_N - 1] + in[SCAN_N - 1]);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(in);
    free(out);
    return pass ? 0 : 1;
}
