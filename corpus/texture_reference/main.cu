// texture_reference: a lookup-table gather written twice, the way code that
// outlived CUDA 11 often is. Toolkits before CUDA 12 take the legacy texture
// reference path (texture<>, cudaBindTexture, cudaUnbindTexture); CUDA 12
// removed texture references, so newer toolkits compile the texture object
// path instead. Both compute out[i] = lut[idx[i]].
//
// Note for porting: hipcc does not define CUDART_VERSION, so after a plain
// rename the legacy branch is the one that gets compiled for AMD.
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

static const int LUT_N = 1024;
static const int N = 1 << 16;
static const int BLOCK = 256;

#if CUDART_VERSION < 12000
texture<float, cudaTextureType1D, cudaReadModeElementType> g_lut_ref;

__global__ void gather(const int* idx, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1Dfetch(g_lut_ref, idx[i]);
}

static void run_gather(const float* d_lut, const int* d_idx, float* d_out)
{
    CHECK(cudaBindTexture(NULL, g_lut_ref, d_lut, LUT_N * sizeof(float)));
    gather<<<N / BLOCK, BLOCK>>>(d_idx, d_out, N);
    CHECK(cudaGetLastError());
    CHECK(cudaUnbindTexture(g_lut_ref));
}
#else
__global__ void gather(cudaTextureObject_t lut, const int* idx, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1Dfetch<float>(lut, idx[i]);
}

static void run_gather(const float* d_lut, const int* d_idx, float* d_out)
{
    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = (void*)d_lut;
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = LUT_N * sizeof(float);
    cudaTextureDesc desc;
    memset(&desc, 0, sizeof(desc));
    desc.readMode = cudaReadModeElementType;

    cudaTextureObject_t lut = 0;
    CHECK(cudaCreateTextureObject(&lut, &res, &desc, NULL));
    gather<<<N / BLOCK, BLOCK>>>(lut, d_idx, d_out, N);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaDestroyTextureObject(lut));
}
#endif

int main()
{
    float* lut = (float*)malloc(LUT_N * sizeof(float));
    int* idx = (int*)malloc(N * sizeof(int));
    float* out = (float*)malloc(N * sizeof(float));
    for (int k = 0; k < LUT_N; ++k)
        lut[k] = (float)((k * k) % 1009);
    for (int i = 0; i < N; ++i)
        idx[i] = (i * 7919) % LUT_N;

    float *d_lut, *d_out;
    int* d_idx;
    CHECK(cudaMalloc((void**)&d_lut, LUT_N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_idx, N * sizeof(int)));
    CHECK(cudaMalloc((void**)&d_out, N * sizeof(float)));
    CHECK(cudaMemcpy(d_lut, lut, LUT_N * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_idx, idx, N * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    run_gather(d_lut, d_idx, d_out);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(cudaMemcpy(out, d_out, N * sizeof(float), cudaMemcpyDeviceToHost));

    int mismatches = 0;
    double sum = 0.0;
    for (int i = 0; i < N; ++i) {
        mismatches += out[i] != lut[idx[i]];
        sum += out[i];
    }
    int pass = mismatches == 0;

    printf("out[1]: %.9g\n", out[1]);
    printf("out[4095]: %.9g\n", out[4095]);
    printf("sum: %.1f\n", sum);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    CHECK(cudaFree(d_lut));
    CHECK(cudaFree(d_idx));
    CHECK(cudaFree(d_out));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(lut);
    free(idx);
    free(out);
    return pass ? 0 : 1;
}
