// hipport test input: known places for known uses.
#include <cuda_runtime.h>

__global__ void lanes(int *out)
{
    out[threadIdx.x] = threadIdx.x % 32;
}

int alloc(float **p)
{
    cudaMalloc((void **)p, 64);
	cudaMemset(*p, 0, 64);
    /* é */ cudaFree(*p);
    return 0;
}
