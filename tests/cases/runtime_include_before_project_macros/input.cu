// nvcc includes the CUDA runtime before everything, so a project macro named
// like a C library function (index, from <strings.h>) never meets its
// declaration. The port's runtime include must come first for the same reason.
#define index(x, y, cols) ((x) * (cols) + (y))
#include <cmath>
#include <cuda_runtime.h>
#include <cstdio>

__global__ void scale(float* m, int cols)
{
    m[index(blockIdx.x, threadIdx.x, cols)] *= 2.0f;
}

int main()
{
    float* m;
    cudaMalloc(&m, 64 * sizeof(float));
    scale<<<8, 8>>>(m, 8);
    cudaDeviceSynchronize();
    printf("%d\n", index(1, 2, 8));
    cudaFree(m);
}
