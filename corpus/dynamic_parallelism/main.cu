// dynamic_parallelism: a parent kernel that launches one child grid per
// segment from device code; the size of each child grid is decided on the
// device, from the segment's length.
//
// Segment s has length 256 + 64 * (s % 8) and every element becomes
// 2 * x + s. The parent grid counts as finished only when all its children
// have, so the host needs no extra synchronisation. Needs relocatable device
// code: nvcc -rdc=true ... -lcudadevrt.
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

static const int NSEG = 64;
static const int CHILD_BLOCK = 128;

__host__ __device__ inline int segment_length(int s)
{
    return 256 + 64 * (s % 8);
}

__global__ void child(int* data, int len, int seg)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < len)
        data[i] = 2 * data[i] + seg;
}

__global__ void parent(int* data, const int* offsets, int nseg)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nseg)
        return;
    int len = segment_length(s);
    child<<<(len + CHILD_BLOCK - 1) / CHILD_BLOCK, CHILD_BLOCK>>>(data + offsets[s], len, s);
}

int main()
{
    int offsets[NSEG];
    int total = 0;
    for (int s = 0; s < NSEG; ++s) {
        offsets[s] = total;
        total += segment_length(s);
    }
    int* x = (int*)malloc(total * sizeof(int));
    int* y = (int*)malloc(total * sizeof(int));
    for (int i = 0; i < total; ++i)
        x[i] = i % 100;

    int *d_data, *d_offsets;
    CHECK(cudaMalloc((void**)&d_data, total * sizeof(int)));
    CHECK(cudaMalloc((void**)&d_offsets, NSEG * sizeof(int)));
    CHECK(cudaMemcpy(d_data, x, total * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_offsets, offsets, NSEG * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    parent<<<1, NSEG>>>(d_data, d_offsets, NSEG);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(cudaMemcpy(y, d_data, total * sizeof(int), cudaMemcpyDeviceToHost));

    int mismatches = 0;
    long long sum = 0;
    for (int s = 0; s < NSEG; ++s)
        for (int k = 0; k < segment_length(s); ++k) {
            int i = offsets[s] + k;
            mismatches += y[i] != 2 * x[i] + s;
            sum += y[i];
        }
    int pass = mismatches == 0;

    printf("elements: %d\n", total);
    printf("y[0]: %d\n", y[0]);
    printf("y[300]: %d\n", y[300]);
    printf("y_last: %d\n", y[total - 1]);
    printf("sum: %lld\n", sum);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    CHECK(cudaFree(d_data));
    CHECK(cudaFree(d_offsets));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(x);
    free(y);
    return pass ? 0 : 1;
}
