// constant_memory: evaluates a cubic whose coefficients live in __constant__
// memory, then scales and offsets the result by two more constants.
//
// Coefficients go up with cudaMemcpyToSymbol, the constant term is then
// replaced through the offset form of the same call, and everything is read
// back with cudaMemcpyFromSymbol to prove the round trip. Inputs are eighths
// in [-1, 1), so every value is exact in float.
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
static const int BLOCK = 256;

__constant__ float c_coeffs[4];  // highest degree first
__constant__ int c_shape[2];     // scale, offset

__global__ void eval_cubic(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float r = c_coeffs[0];
    for (int k = 1; k < 4; ++k)
        r = r * x[i] + c_coeffs[k];
    y[i] = r * (float)c_shape[0] + (float)c_shape[1];
}

static const float COEFFS[4] = { 2.0f, -3.0f, 0.5f, 1.0f };
static const float CONSTANT_TERM = 5.0f;
static const int SHAPE[2] = { 3, 7 };

static float cpu_eval(float x)
{
    float c[4] = { COEFFS[0], COEFFS[1], COEFFS[2], CONSTANT_TERM };
    float r = c[0];
    for (int k = 1; k < 4; ++k)
        r = r * x + c[k];
    return r * (float)SHAPE[0] + (float)SHAPE[1];
}

static int upload_constants()
{
    CHECK(cudaMemcpyToSymbol(c_coeffs, COEFFS, sizeof(COEFFS)));
    CHECK(cudaMemcpyToSymbol(c_coeffs, &CONSTANT_TERM, sizeof(float), 3 * sizeof(float)));
    CHECK(cudaMemcpyToSymbol(c_shape, SHAPE, sizeof(SHAPE), 0, cudaMemcpyHostToDevice));

    float coeffs_back[4];
    int shape_back[2];
    CHECK(cudaMemcpyFromSymbol(coeffs_back, c_coeffs, sizeof(coeffs_back)));
    CHECK(cudaMemcpyFromSymbol(shape_back, c_shape, sizeof(shape_back), 0, cudaMemcpyDeviceToHost));
    return coeffs_back[0] == COEFFS[0] && coeffs_back[1] == COEFFS[1] && coeffs_back[2] == COEFFS[2]
        && coeffs_back[3] == CONSTANT_TERM && shape_back[0] == SHAPE[0] && shape_back[1] == SHAPE[1];
}

int main()
{
    float* x = (float*)malloc(N * sizeof(float));
    float* y = (float*)malloc(N * sizeof(float));
    for (int i = 0; i < N; ++i)
        x[i] = (float)(i % 16) / 8.0f - 1.0f;

    float *d_x, *d_y;
    CHECK(cudaMalloc((void**)&d_x, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_y, N * sizeof(float)));
    CHECK(cudaMemcpy(d_x, x, N * sizeof(float), cudaMemcpyHostToDevice));
    int roundtrip_ok = upload_constants();

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    eval_cubic<<<N / BLOCK, BLOCK>>>(d_x, d_y, N);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(cudaMemcpy(y, d_y, N * sizeof(float), cudaMemcpyDeviceToHost));

    int mismatches = 0;
    double sum = 0.0;
    for (int i = 0; i < N; ++i) {
        mismatches += y[i] != cpu_eval(x[i]);
        sum += y[i];
    }
    int pass = mismatches == 0 && roundtrip_ok;

    printf("y[0]: %.9g\n", y[0]);
    printf("y[5]: %.9g\n", y[5]);
    printf("y[15]: %.9g\n", y[15]);
    printf("sum: %.4f\n", sum);
    printf("roundtrip_ok: %d\n", roundtrip_ok);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(x);
    free(y);
    return pass ? 0 : 1;
}
