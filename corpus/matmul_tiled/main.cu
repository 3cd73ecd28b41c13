// matmul_tiled: 256 x 256 single-precision matrix product with a
// shared-memory tiled kernel (matmul_kernel.cu), checked against a plain
// triple loop on the CPU.
//
// Entries are small integers (-3..3 and -5..5), so every partial sum is an
// integer far below 2^24: the product is exact in any summation order and
// with or without fused multiply-add, and the check is bit for bit.
#include "matmul.cuh"

static const int N = 256;

static void fill_inputs(float* a, float* b)
{
    for (int i = 0; i < N * N; ++i) {
        a[i] = (float)((i * 3) % 7 - 3);
        b[i] = (float)((i * 5) % 11 - 5);
    }
}

static void cpu_matmul(const float* a, const float* b, float* c)
{
    for (int r = 0; r < N; ++r)
        for (int col = 0; col < N; ++col) {
            float acc = 0.0f;
            for (int k = 0; k < N; ++k)
                acc += a[r * N + k] * b[k * N + col];
            c[r * N + col] = acc;
        }
}

static double run_on_device(const float* a, const float* b, float* c)
{
    size_t bytes = N * N * sizeof(float);
    float *d_a, *d_b, *d_c;
    CHECK(cudaMalloc((void**)&d_a, bytes));
    CHECK(cudaMalloc((void**)&d_b, bytes));
    CHECK(cudaMalloc((void**)&d_c, bytes));
    CHECK(cudaMemcpy(d_a, a, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, b, bytes, cudaMemcpyHostToDevice));

    // Four-byte banks suit float tiles; the call is deprecated since CUDA 12.4
    // and ignored on current GPUs, but older code is full of it.
    CHECK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    launch_matmul(d_a, d_b, d_c, N, 0);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(c, d_c, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_b));
    CHECK(cudaFree(d_c));
    return ms;
}

int main()
{
    float* a = (float*)malloc(N * N * sizeof(float));
    float* b = (float*)malloc(N * N * sizeof(float));
    float* c = (float*)malloc(N * N * sizeof(float));
    float* ref = (float*)malloc(N * N * sizeof(float));
    fill_inputs(a, b);
    cpu_matmul(a, b, ref);
    double ms = run_on_device(a, b, c);

    int mismatches = 0;
    double sum = 0.0, trace = 0.0;
    for (int i = 0; i < N * N; ++i) {
        mismatches += c[i] != ref[i];
        sum += c[i];
    }
    for (int i = 0; i < N; ++i)
        trace += c[i * N + i];
    int pass = mismatches == 0;

    printf("c[0]: %.9g\n", c[0]);
    printf("c[4394]: %.9g\n", c[17 * N + 42]);
    printf("c[65535]: %.9g\n", c[N * N - 1]);
    printf("trace: %.1f\n", trace);
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
