// device_props: sizes a reduction from cudaDeviceProp the way tuned CUDA
// code often does: the block is a multiple of warpSize, the dynamic shared
// memory is checked against sharedMemPerBlock, the per-thread unroll depends
// on the compute capability (major/minor) and on regsPerBlock. All of these
// mean something else, or hold other values, on AMD GPUs.
//
// The sum itself does not depend on the plan, so stdout carries only
// device-independent numbers; the device description goes to stderr.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#ifdef HIPPORT_WITH_NVML
#include <nvml.h>
#endif

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(err_));                              \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

static const int N = 1 << 20;
static const int GRID = 120;

struct LaunchPlan {
    int block;
    size_t smem;
    int unroll;
};

__global__ void sum_kernel(const int* in, unsigned long long* out, int n, int unroll)
{
    extern __shared__ long long part[];
    long long acc = 0;
    int stride = gridDim.x * blockDim.x * unroll;
    for (int base = (blockIdx.x * blockDim.x + threadIdx.x) * unroll; base < n; base += stride)
        for (int u = 0; u < unroll && base + u < n; ++u)
            acc += in[base + u];
    part[threadIdx.x] = acc;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half)
            part[threadIdx.x] += part[threadIdx.x + half];
        __syncthreads();
    }
    // Two's complement makes the unsigned atomic add right for negative sums.
    if (threadIdx.x == 0)
        atomicAdd(out, (unsigned long long)part[0]);
}

static void log_device(int dev, const cudaDeviceProp& prop)
{
    fprintf(stderr, "device %d: %s, compute capability %d.%d\n", dev, prop.name, prop.major, prop.minor);
    fprintf(stderr, "  warpSize %d, sharedMemPerBlock %zu, regsPerBlock %d, SMs %d\n",
            prop.warpSize, prop.sharedMemPerBlock, prop.regsPerBlock, prop.multiProcessorCount);
#if CUDART_VERSION >= 11010
    size_t max_linear = 0;
    cudaChannelFormatDesc channel = cudaCreateChannelDesc<int>();
    CHECK(cudaDeviceGetTexture1DLinearMaxWidth(&max_linear, &channel, dev));
    fprintf(stderr, "  1D linear texture limit %zu elements\n", max_linear);
#endif
}

#ifdef HIPPORT_WITH_NVML
static void log_temperature(int dev)
{
    nvmlDevice_t handle;
    unsigned int celsius = 0;
    if (nvmlInit_v2() != NVML_SUCCESS)
        return;
    if (nvmlDeviceGetHandleByIndex_v2(dev, &handle) == NVML_SUCCESS
        && nvmlDeviceGetTemperature(handle, NVML_TEMPERATURE_GPU, &celsius) == NVML_SUCCESS)
        fprintf(stderr, "  temperature %u C\n", celsius);
    nvmlShutdown();
}
#endif

static LaunchPlan plan_launch(const cudaDeviceProp& prop)
{
    LaunchPlan plan;
    plan.block = 8 * prop.warpSize;
    if (plan.block > prop.maxThreadsPerBlock)
        plan.block = prop.maxThreadsPerBlock;
    plan.smem = plan.block * sizeof(long long);
    if (plan.smem > prop.sharedMemPerBlock) {
        fprintf(stderr, "block of %d needs %zu bytes of shared memory\n", plan.block, plan.smem);
        exit(2);
    }
    // Volta and newer hide load latency well enough to profit from unrolling,
    // as long as the block leaves every thread at least 64 registers.
    int modern = prop.major > 7 || (prop.major == 7 && prop.minor >= 0);
    int roomy = prop.regsPerBlock / plan.block >= 64;
    plan.unroll = modern && roomy ? 4 : 1;
    return plan;
}

int main()
{
    int dev = 0;
    cudaDeviceProp prop;
    CHECK(cudaGetDevice(&dev));
    CHECK(cudaGetDeviceProperties(&prop, dev));
    log_device(dev, prop);
#ifdef HIPPORT_WITH_NVML
    log_temperature(dev);
#endif
    LaunchPlan plan = plan_launch(prop);
    fprintf(stderr, "plan: block %d, shared %zu bytes, unroll %d\n", plan.block, plan.smem, plan.unroll);

    int* in = (int*)malloc(N * sizeof(int));
    long long ref = 0;
    for (int i = 0; i < N; ++i) {
        in[i] = (i * 13) % 200 - 100;
        ref += in[i];
    }
    int* d_in;
    unsigned long long* d_sum;
    CHECK(cudaMalloc((void**)&d_in, N * sizeof(int)));
    CHECK(cudaMalloc((void**)&d_sum, sizeof(unsigned long long)));
    CHECK(cudaMemcpy(d_in, in, N * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_sum, 0, sizeof(unsigned long long)));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    sum_kernel<<<GRID, plan.block, plan.smem>>>(d_in, d_sum, N, plan.unroll);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    unsigned long long raw = 0;
    CHECK(cudaMemcpy(&raw, d_sum, sizeof(raw), cudaMemcpyDeviceToHost));
    long long sum = (long long)raw;

    int pass = sum == ref && plan.block % prop.warpSize == 0;
    printf("sum: %lld\n", sum);
    printf("block_is_warp_multiple: %d\n", plan.block % prop.warpSize == 0);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_sum));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(in);
    return pass ? 0 : 1;
}
