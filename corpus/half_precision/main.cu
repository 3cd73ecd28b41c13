// half_precision: fp16 arithmetic from cuda_fp16.h, scalar (__hadd, __hmul)
// and packed (__half2 with __hfma2), converted back with __half2float,
// __low2float and __high2float.
//
// a is a multiple of 1/4 in [0, 16), b a multiple of 1/2 in [-8, 8): every
// sum, product and a*b + a then needs at most 11 significant bits, so half
// precision holds them exactly and the CPU reference can use float.
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
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
static const int BLOCK = 256;

__global__ void scalar_ops(const __half* a, const __half* b, float* sum, float* prod, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        sum[i] = __half2float(__hadd(a[i], b[i]));
        prod[i] = __half2float(__hmul(a[i], b[i]));
    }
}

// One thread per pair of elements: fma = a * b + a, two lanes at once.
__global__ void packed_fma(const __half* a, const __half* b, float* fma, int npairs)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < npairs) {
        __half2 a2 = reinterpret_cast<const __half2*>(a)[k];
        __half2 b2 = reinterpret_cast<const __half2*>(b)[k];
        __half2 r = __hfma2(a2, b2, a2);
        fma[2 * k] = __low2float(r);
        fma[2 * k + 1] = __high2float(r);
    }
}

static void fill_inputs(float* a, float* b, __half* ha, __half* hb)
{
    for (int i = 0; i < N; ++i) {
        a[i] = (float)(i % 64) * 0.25f;
        b[i] = (float)((i * 3) % 32) * 0.5f - 8.0f;
        ha[i] = __float2half(a[i]);
        hb[i] = __float2half(b[i]);
    }
}

static float run(const __half* ha, const __half* hb, float* sum, float* prod, float* fma)
{
    __half *d_a, *d_b;
    float *d_sum, *d_prod, *d_fma;
    CHECK(cudaMalloc((void**)&d_a, N * sizeof(__half)));
    CHECK(cudaMalloc((void**)&d_b, N * sizeof(__half)));
    CHECK(cudaMalloc((void**)&d_sum, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_prod, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_fma, N * sizeof(float)));
    CHECK(cudaMemcpy(d_a, ha, N * sizeof(__half), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, hb, N * sizeof(__half), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    scalar_ops<<<N / BLOCK, BLOCK>>>(d_a, d_b, d_sum, d_prod, N);
    CHECK(cudaGetLastError());
    packed_fma<<<N / 2 / BLOCK, BLOCK>>>(d_a, d_b, d_fma, N / 2);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(sum, d_sum, N * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(prod, d_prod, N * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(fma, d_fma, N * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_b));
    CHECK(cudaFree(d_sum));
    CHECK(cudaFree(d_prod));
    CHECK(cudaFree(d_fma));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

int main()
{
    float* a = (float*)malloc(N * sizeof(float));
    float* b = (float*)malloc(N * sizeof(float));
    __half* ha = (__half*)malloc(N * sizeof(__half));
    __half* hb = (__half*)malloc(N * sizeof(__half));
    float* sum = (float*)malloc(N * sizeof(float));
    float* prod = (float*)malloc(N * sizeof(float));
    float* fma = (float*)malloc(N * sizeof(float));
    fill_inputs(a, b, ha, hb);

    float ms = run(ha, hb, sum, prod, fma);

    int mismatches = 0;
    double sum_total = 0.0, prod_total = 0.0, fma_total = 0.0;
    for (int i = 0; i < N; ++i) {
        mismatches += sum[i] != a[i] + b[i];
        mismatches += prod[i] != a[i] * b[i];
        mismatches += fma[i] != a[i] * b[i] + a[i];
        sum_total += sum[i];
        prod_total += prod[i];
        fma_total += fma[i];
    }
    int pass = mismatches == 0;

    printf("sum[5]: %.9g\n", sum[5]);
    printf("prod[63]: %.9g\n", prod[63]);
    printf("fma[101]: %.9g\n", fma[101]);
    printf("sum_total: %.3f\n", sum_total);
    printf("prod_total: %.3f\n", prod_total);
    printf("fma_total: %.3f\n", fma_total);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(a);
    free(b);
    free(ha);
    free(hb);
    free(sum);
    free(prod);
    free(fma);
    return pass ? 0 : 1;
}
