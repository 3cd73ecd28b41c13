// __syncthreads is a clang builtin that no CUDA header declares: clang makes
// its declaration where the file first calls it, and every later call names
// that first call.
#include <cstdio>

__global__ void fill(float *a)
{
    a[threadIdx.x] = 1.0f;
    __syncthreads();
}

__global__ void shift(float *a)
{
    __shared__ float s[64];
    s[threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
    __syncthreads();
}

int main()
{
    float *a;
    cudaMalloc(&a, 64 * sizeof(float));
    fill<<<1, 64>>>(a);
    shift<<<1, 64>>>(a);
    cudaFree(a);
    return 0;
}
