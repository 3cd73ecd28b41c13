// dynamic_smem: two kernels whose shared memory is sized at launch time
// (extern __shared__), not at compile time.
//
// stencil: a 7-point sum (radius 3, clamped at both ends); each block stages
// its slice plus a halo of RADIUS elements per side in dynamic shared memory.
// reverse: each block reverses its slice through a dynamic shared buffer.
// Inputs are small integers, so every sum is exact.
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

#define RADIUS 3
static const int N = 1 << 16;
static const int BLOCK = 256;

__device__ __host__ inline int clamp_index(int i, int n)
{
    return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

__global__ void stencil(const float* in, float* out, int n)
{
    extern __shared__ float tile[];  // blockDim.x + 2 * RADIUS floats
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int t = threadIdx.x + RADIUS;

    tile[t] = in[clamp_index(i, n)];
    if (threadIdx.x < RADIUS) {
        tile[t - RADIUS] = in[clamp_index(i - RADIUS, n)];
        tile[t + blockDim.x] = in[clamp_index(i + blockDim.x, n)];
    }
    __syncthreads();

    float acc = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc += tile[t + k];
    if (i < n)
        out[i] = acc;
}

__global__ void reverse_blocks(const int* in, int* out)
{
    extern __shared__ int buf[];  // blockDim.x ints
    int base = blockIdx.x * blockDim.x;
    buf[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

static float cpu_stencil_at(const float* in, int i)
{
    float acc = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc += in[clamp_index(i + k, N)];
    return acc;
}

static float run_kernels(const float* x, const int* v, float* sten, int* rev)
{
    float *d_x, *d_sten;
    int *d_v, *d_rev;
    CHECK(cudaMalloc((void**)&d_x, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_sten, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_v, N * sizeof(int)));
    CHECK(cudaMalloc((void**)&d_rev, N * sizeof(int)));
    CHECK(cudaMemcpy(d_x, x, N * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_v, v, N * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    size_t stencil_smem = (BLOCK + 2 * RADIUS) * sizeof(float);
    stencil<<<N / BLOCK, BLOCK, stencil_smem>>>(d_x, d_sten, N);
    CHECK(cudaGetLastError());
    reverse_blocks<<<N / BLOCK, BLOCK, BLOCK * sizeof(int)>>>(d_v, d_rev);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(sten, d_sten, N * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(rev, d_rev, N * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_sten));
    CHECK(cudaFree(d_v));
    CHECK(cudaFree(d_rev));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

int main()
{
    float* x = (float*)malloc(N * sizeof(float));
    float* sten = (float*)malloc(N * sizeof(float));
    int* v = (int*)malloc(N * sizeof(int));
    int* rev = (int*)malloc(N * sizeof(int));
    for (int i = 0; i < N; ++i) {
        x[i] = (float)((i * 7) % 100);
        v[i] = i * 3 + 1;
    }

    float ms = run_kernels(x, v, sten, rev);

    int mismatches = 0;
    double sten_sum = 0.0;
    long long rev_weighted = 0;
    for (int i = 0; i < N; ++i) {
        int block = i / BLOCK, j = i % BLOCK;
        mismatches += sten[i] != cpu_stencil_at(x, i);
        mismatches += rev[i] != v[block * BLOCK + BLOCK - 1 - j];
        sten_sum += sten[i];
        rev_weighted += (long long)(i % 1000) * rev[i];
    }
    int pass = mismatches == 0;

    printf("stencil[0]: %.9g\n", sten[0]);
    printf("stencil[1000]: %.9g\n", sten[1000]);
    printf("stencil[65535]: %.9g\n", sten[N - 1]);
    printf("stencil_sum: %.1f\n", sten_sum);
    printf("reverse[0]: %d\n", rev[0]);
    printf("reverse_weighted: %lld\n", rev_weighted);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(x);
    free(sten);
    free(v);
    free(rev);
    return pass ? 0 : 1;
}
