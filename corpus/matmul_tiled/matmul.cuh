// matmul.cuh: what main.cu and matmul_kernel.cu share: the error-check macro,
// the tile size and the host entry point that launches the tiled kernel.
#ifndef MATMUL_CUH
#define MATMUL_CUH

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

#define TILE 16

// C = A * B for row-major n x n matrices; n must be a multiple of TILE.
void launch_matmul(const float* d_a, const float* d_b, float* d_c, int n, cudaStream_t stream);

#endif
