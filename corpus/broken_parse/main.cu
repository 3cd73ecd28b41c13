// broken_parse: a file that cannot be parsed as it stands. Its build would
// generate generated_config.h first (GEN_N, GEN_BLOCK, GEN_SCALE); that step
// is not part of the corpus, so the include fails and a parser stops. The
// CUDA underneath must still be found by a token-level pass.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cupti.h>
#include "generated_config.h"

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(err_));                              \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

__global__ void scaled_warp_sums(const float* x, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    float v = i < n ? x[i] * GEN_SCALE : 0.0f;
    for (int off = 16; off > 0; off /= 2)
        v += __shfl_down_sync(0xffffffff, v, off);
    if (lane == 0)
        out[i / 32] = v;
}

int main()
{
    float *d_x, *d_out;
    CHECK(cudaMalloc((void**)&d_x, GEN_N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_out, GEN_N * sizeof(float)));
    CHECK(cudaMemset(d_x, 0, GEN_N * sizeof(float)));
    scaled_warp_sums<<<GEN_N / GEN_BLOCK, GEN_BLOCK>>>(d_x, d_out, GEN_N);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_out));
    printf("check: PASS\n");
    return 0;
}
