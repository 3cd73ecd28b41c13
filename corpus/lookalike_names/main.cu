// lookalike_names: a small matrix product whose own names look like CUDA
// names but are not: a struct cudaHelperConfig (with a field called major),
// a host function cublasLike_gemm, a generator curand_like_next, a flag
// cuda_ok and a macro CUDA_LOOKALIKE_VERSION. Real CUDA names also appear
// inside string literals and comments. A scanner must report only the real
// runtime calls and the kernel.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(err_));                              \
            cuda_ok = 0;                                                    \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

#define CUDA_LOOKALIKE_VERSION 3

// The "cuda" prefix is this project's habit for anything GPU-related.
struct cudaHelperConfig {
    int block;
    int major;  // version of this config format, not a compute capability
    const char* label;
};

static int cuda_ok = 1;

static const char* const USAGE = R"(usage: lookalike_names
  Takes no arguments. It never calls cudaStreamCreate or cudaDeviceReset;
  those names only live in this text.
)";

// A tiny LCG, named after cuRAND only because it fills the same role here.
static unsigned int curand_like_next(unsigned int* state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7fffu;
}

// Column-major, cuBLAS-style argument order; it does not call cuBLAS.
static void cublasLike_gemm(int m, int n, int k, const float* a, const float* b, float* c)
{
    for (int col = 0; col < n; ++col)
        for (int r = 0; r < m; ++r) {
            float acc = 0.0f;
            for (int p = 0; p < k; ++p)
                acc += a[r + p * m] * b[p + col * k];
            c[r + col * m] = acc;
        }
}

__global__ void gemm_naive(int m, int n, int k, const float* a, const float* b, float* c)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int col = blockIdx.y;
    if (r >= m || col >= n)
        return;
    float acc = 0.0f;
    for (int p = 0; p < k; ++p)
        acc += a[r + p * m] * b[p + col * k];
    c[r + col * m] = acc;
}

static const int M = 64, NC = 48, K = 32;

static float device_gemm(const cudaHelperConfig& cfg, const float* a, const float* b, float* c)
{
    float *d_a, *d_b, *d_c;
    CHECK(cudaMalloc((void**)&d_a, M * K * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_b, K * NC * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_c, M * NC * sizeof(float)));
    CHECK(cudaMemcpy(d_a, a, M * K * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, b, K * NC * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    gemm_naive<<<dim3((M + cfg.block - 1) / cfg.block, NC), cfg.block>>>(M, NC, K, d_a, d_b, d_c);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    // Copied back synchronously: an older revision used cudaMallocHost and
    // cudaThreadSynchronize here, and before that cublasSgemm did the work.
    CHECK(cudaMemcpy(c, d_c, M * NC * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_b));
    CHECK(cudaFree(d_c));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

int main(int argc, char** argv)
{
    (void)argv;
    if (argc > 1) {
        fputs(USAGE, stderr);
        return 2;
    }
    cudaHelperConfig cfg = { 64, CUDA_LOOKALIKE_VERSION, "if cudaMallocManaged were used, no copies" };
    fprintf(stderr, "config v%d: %s\n", cfg.major, cfg.label);

    float* a = (float*)malloc(M * K * sizeof(float));
    float* b = (float*)malloc(K * NC * sizeof(float));
    float* c = (float*)malloc(M * NC * sizeof(float));
    float* ref = (float*)malloc(M * NC * sizeof(float));
    unsigned int state = 2024u;
    for (int i = 0; i < M * K; ++i)
        a[i] = (float)(curand_like_next(&state) % 9) - 4.0f;
    for (int i = 0; i < K * NC; ++i)
        b[i] = (float)(curand_like_next(&state) % 9) - 4.0f;
    cublasLike_gemm(M, NC, K, a, b, ref);

    float ms = device_gemm(cfg, a, b, c);

    int mismatches = 0;
    double sum = 0.0;
    for (int i = 0; i < M * NC; ++i) {
        mismatches += c[i] != ref[i];
        sum += c[i];
    }
    int pass = mismatches == 0 && cuda_ok;

    printf("c[0]: %.9g\n", c[0]);
    printf("c[3071]: %.9g\n", c[M * NC - 1]);
    printf("sum: %.1f\n", sum);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(a);
    free(b);
    free(c);
    free(ref);
    return pass ? 0 : 1;
}
