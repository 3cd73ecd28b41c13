// histogram_atomics: a 64-bin histogram of byte values, built with atomicAdd
// on a per-block shared copy and merged into global memory with atomicAdd,
// plus the maximum of a float array through an atomicCAS loop (there is no
// native atomicMax for float).
//
// Counts are integers and the maximum is an exact float, so the results do
// not depend on the order in which the atomics land.
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

#define NBINS 64
static const int N = 1 << 20;
static const int GRID = 64;
static const int BLOCK = 256;

// The bit pattern is swapped in only while it still grows the maximum;
// comparing floats (not ints) keeps the loop right for negative values too.
__device__ float atomic_max_float(float* addr, float val)
{
    int* bits = (int*)addr;
    int old = *bits, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val)
            break;
        old = atomicCAS(bits, assumed, __float_as_int(val));
    } while (old != assumed);
    return __int_as_float(old);
}

__global__ void histogram(const unsigned char* v, const float* f, int n,
                          unsigned int* bins, float* max_out)
{
    __shared__ unsigned int local[NBINS];
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();

    float local_max = -1.0e30f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        atomicAdd(&local[v[i] >> 2], 1u);
        local_max = fmaxf(local_max, f[i]);
    }
    atomic_max_float(max_out, local_max);
    __syncthreads();

    for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
        atomicAdd(&bins[b], local[b]);
}

static void fill_inputs(unsigned char* v, float* f)
{
    unsigned int s = 12345u;
    for (int i = 0; i < N; ++i) {
        s = s * 1664525u + 1013904223u;
        v[i] = (unsigned char)(s >> 24);
        f[i] = (float)v[i] * 0.5f + (float)(i % 5) * 0.125f - 64.0f;
    }
}

static float run_histogram(const unsigned char* v, const float* f, unsigned int* bins, float* max_val)
{
    unsigned char* d_v;
    float *d_f, *d_max;
    unsigned int* d_bins;
    float lowest = -1.0e30f;
    CHECK(cudaMalloc((void**)&d_v, N));
    CHECK(cudaMalloc((void**)&d_f, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_max, sizeof(float)));
    CHECK(cudaMalloc((void**)&d_bins, NBINS * sizeof(unsigned int)));
    CHECK(cudaMemcpy(d_v, v, N, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_f, f, N * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_max, &lowest, sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_bins, 0, NBINS * sizeof(unsigned int)));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    histogram<<<GRID, BLOCK>>>(d_v, d_f, N, d_bins, d_max);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(bins, d_bins, NBINS * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(max_val, d_max, sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_v));
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_max));
    CHECK(cudaFree(d_bins));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

int main()
{
    unsigned char* v = (unsigned char*)malloc(N);
    float* f = (float*)malloc(N * sizeof(float));
    fill_inputs(v, f);

    unsigned int bins[NBINS];
    float max_val;
    float ms = run_histogram(v, f, bins, &max_val);

    unsigned int ref[NBINS] = { 0 };
    float ref_max = -1.0e30f;
    for (int i = 0; i < N; ++i) {
        ref[v[i] >> 2]++;
        if (f[i] > ref_max)
            ref_max = f[i];
    }
    int mismatches = max_val != ref_max;
    long long total = 0, weighted = 0;
    for (int b = 0; b < NBINS; ++b) {
        mismatches += bins[b] != ref[b];
        total += bins[b];
        weighted += (long long)b * bins[b];
    }
    int pass = mismatches == 0;

    printf("bins[0]: %u\n", bins[0]);
    printf("bins[30]: %u\n", bins[30]);
    printf("bins[63]: %u\n", bins[63]);
    printf("total: %lld\n", total);
    printf("weighted: %lld\n", weighted);
    printf("max: %.9g\n", max_val);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(v);
    free(f);
    return pass ? 0 : 1;
}
