// matmul_kernel.cu: the shared-memory tiled matrix multiply. Each block loads
// one TILE x TILE tile of A and of B into static shared arrays per step and
// accumulates their product, so every global element is read n / TILE times
// instead of n times.
#include "matmul.cuh"

__global__ void matmul_tiled(const float* a, const float* b, float* c, int n)
{
    __shared__ float tile_a[TILE][TILE];
    __shared__ float tile_b[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;

    float acc = 0.0f;
    for (int t = 0; t < n / TILE; ++t) {
        tile_a[threadIdx.y][threadIdx.x] = a[row * n + t * TILE + threadIdx.x];
        tile_b[threadIdx.y][threadIdx.x] = b[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            acc += tile_a[threadIdx.y][k] * tile_b[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = acc;
}

void launch_matmul(const float* d_a, const float* d_b, float* d_c, int n, cudaStream_t stream)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matmul_tiled<<<grid, block, 0, stream>>>(d_a, d_b, d_c, n);
    CHECK(cudaGetLastError());
}
