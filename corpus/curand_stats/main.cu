// curand_stats: random numbers from both cuRAND interfaces, checked
// statistically since the exact sequence belongs to the generator.
//   host API:   curandGenerateUniform with a fixed seed, 2^20 floats;
//   device API: curand_init / curand_uniform / curand_normal in a kernel.
// Uniform (0, 1] has mean 1/2 and variance 1/12; standard normal has mean 0
// and variance 1. With 2^20 samples the standard error of a mean is about
// 3e-4 (uniform) and 1e-3 (normal); the bounds below are several times that.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(err_));                              \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

#define CURAND_CHECK(call)                                                  \
    do {                                                                    \
        curandStatus_t st_ = (call);                                        \
        if (st_ != CURAND_STATUS_SUCCESS) {                                 \
            fprintf(stderr, "%s:%d: %s: cuRAND status %d\n", __FILE__,      \
                    __LINE__, #call, (int)st_);                             \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

static const int N = 1 << 20;
static const int THREADS = 4096;  // device API: N / THREADS samples each
static const int BLOCK = 256;
static const unsigned long long SEED = 1234ull;

__global__ void device_samples(float* uni, float* nrm, int per_thread, unsigned long long seed)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    curandState state;
    curand_init(seed, tid, 0, &state);
    for (int k = 0; k < per_thread; ++k) {
        uni[tid * per_thread + k] = curand_uniform(&state);
        nrm[tid * per_thread + k] = curand_normal(&state);
    }
}

struct Moments {
    double mean, var;
    int out_of_range;  // samples outside (0, 1], only meaningful for uniforms
};

static Moments moments(const float* v, int n)
{
    Moments m = { 0.0, 0.0, 0 };
    for (int i = 0; i < n; ++i) {
        m.mean += v[i];
        m.out_of_range += !(v[i] > 0.0f && v[i] <= 1.0f);
    }
    m.mean /= n;
    for (int i = 0; i < n; ++i)
        m.var += (v[i] - m.mean) * (v[i] - m.mean);
    m.var /= n - 1;
    return m;
}

static void host_api_uniform(float* d_out)
{
    curandGenerator_t gen;
    CURAND_CHECK(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
    CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(gen, SEED));
    CURAND_CHECK(curandGenerateUniform(gen, d_out, N));
    CURAND_CHECK(curandDestroyGenerator(gen));
}

int main()
{
    float* host_uni = (float*)malloc(N * sizeof(float));
    float* dev_uni = (float*)malloc(N * sizeof(float));
    float* dev_nrm = (float*)malloc(N * sizeof(float));
    float *d_host_uni, *d_dev_uni, *d_dev_nrm;
    CHECK(cudaMalloc((void**)&d_host_uni, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_dev_uni, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_dev_nrm, N * sizeof(float)));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    host_api_uniform(d_host_uni);
    device_samples<<<THREADS / BLOCK, BLOCK>>>(d_dev_uni, d_dev_nrm, N / THREADS, SEED);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(host_uni, d_host_uni, N * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(dev_uni, d_dev_uni, N * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(dev_nrm, d_dev_nrm, N * sizeof(float), cudaMemcpyDeviceToHost));

    Moments hu = moments(host_uni, N), du = moments(dev_uni, N), dn = moments(dev_nrm, N);
    int pass = hu.out_of_range == 0 && du.out_of_range == 0
        && fabs(hu.mean - 0.5) < 2e-3 && fabs(hu.var - 1.0 / 12.0) < 1e-3
        && fabs(du.mean - 0.5) < 2e-3 && fabs(du.var - 1.0 / 12.0) < 1e-3
        && fabs(dn.mean) < 6e-3 && fabs(dn.var - 1.0) < 1e-2;

    printf("n: %d\n", N);
    printf("host_uniform_mean: %.6f\n", hu.mean);
    printf("host_uniform_var: %.6f\n", hu.var);
    printf("host_uniform_out_of_range: %d\n", hu.out_of_range);
    printf("device_uniform_mean: %.6f\n", du.mean);
    printf("device_uniform_var: %.6f\n", du.var);
    printf("device_uniform_out_of_range: %d\n", du.out_of_range);
    printf("device_normal_mean: %.6f\n", dn.mean);
    printf("device_normal_var: %.6f\n", dn.var);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    CHECK(cudaFree(d_host_uni));
    CHECK(cudaFree(d_dev_uni));
    CHECK(cudaFree(d_dev_nrm));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(host_uni);
    free(dev_uni);
    free(dev_nrm);
    return pass ? 0 : 1;
}
