// hipport test input: a runtime allocation and a launch.
#include <cuda_runtime.h>

__global__ void fill(float *x) { x[threadIdx.x] = 1.0f; }

int main()
{
    float *d;
    cudaMalloc((void **)&d, 64 * sizeof(float));
    fill<<<1, 64>>>(d);
    cudaFree(d);
    return 0;
}
