#include "broken.h"

__global__ void scale(float* x, float a) { x[threadIdx.x] *= a; }

int main()
{
    float* x;
    cudaMalloc(&x, 64 * sizeof(float));
    scale<<<1, 64>>>(x, 2.0f);
    cudaFree(x);
    return 0;
}
