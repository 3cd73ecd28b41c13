// driver_api: device memory managed through the CUDA driver API (cuInit,
// cuDeviceGet, the device's primary context, cuMemAlloc, cuMemcpyHtoD,
// cuMemcpyDtoH, cuMemsetD32, cuMemFree) and used by a kernel launched with
// the runtime API. The runtime works in the same primary context, which is
// what lets the two APIs share the allocation.
//
//   y[i] = 2 * x[i] + bias[i], with bias filled by cuMemsetD32.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_runtime.h>

#define CU_CHECK(call)                                                      \
    do {                                                                    \
        CUresult res_ = (call);                                             \
        if (res_ != CUDA_SUCCESS) {                                         \
            const char* name_ = "unknown";                                  \
            cuGetErrorName(res_, &name_);                                   \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    name_);                                                 \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

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
static const int BIAS = 7;

__global__ void scale_bias(const int* x, const int* bias, int* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 2 * x[i] + bias[i];
}

static CUcontext open_primary_context(CUdevice* dev)
{
    int version = 0;
    char name[128];
    CUcontext ctx;
    CU_CHECK(cuInit(0));
    CU_CHECK(cuDriverGetVersion(&version));
    CU_CHECK(cuDeviceGet(dev, 0));
    CU_CHECK(cuDeviceGetName(name, sizeof(name), *dev));
    fprintf(stderr, "driver %d, device 0: %s\n", version, name);
    CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, *dev));
    CU_CHECK(cuCtxSetCurrent(ctx));
    return ctx;
}

static float run(const int* x, int* y)
{
    size_t bytes = N * sizeof(int);
    CUdeviceptr d_x, d_bias, d_y;
    CU_CHECK(cuMemAlloc(&d_x, bytes));
    CU_CHECK(cuMemAlloc(&d_bias, bytes));
    CU_CHECK(cuMemAlloc(&d_y, bytes));
    CU_CHECK(cuMemcpyHtoD(d_x, x, bytes));
    CU_CHECK(cuMemsetD32(d_bias, BIAS, N));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    scale_bias<<<N / BLOCK, BLOCK>>>((const int*)(uintptr_t)d_x, (const int*)(uintptr_t)d_bias,
                                     (int*)(uintptr_t)d_y, N);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CU_CHECK(cuCtxSynchronize());
    CU_CHECK(cuMemcpyDtoH(y, d_y, bytes));
    CU_CHECK(cuMemFree(d_x));
    CU_CHECK(cuMemFree(d_bias));
    CU_CHECK(cuMemFree(d_y));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

int main()
{
    int* x = (int*)malloc(N * sizeof(int));
    int* y = (int*)malloc(N * sizeof(int));
    for (int i = 0; i < N; ++i)
        x[i] = (i * 17) % 1000 - 500;

    CUdevice dev;
    open_primary_context(&dev);
    float ms = run(x, y);
    CU_CHECK(cuDevicePrimaryCtxRelease(dev));

    int mismatches = 0;
    long long sum = 0;
    for (int i = 0; i < N; ++i) {
        mismatches += y[i] != 2 * x[i] + BIAS;
        sum += y[i];
    }
    int pass = mismatches == 0;

    printf("y[0]: %d\n", y[0]);
    printf("y[123]: %d\n", y[123]);
    printf("y[65535]: %d\n", y[N - 1]);
    printf("sum: %lld\n", sum);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(x);
    free(y);
    return pass ? 0 : 1;
}
