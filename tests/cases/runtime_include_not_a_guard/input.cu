// #ifndef M_PI / #define M_PI at the top is no include guard (the file goes on
// after its #endif): the runtime include goes above it, once.
#ifndef M_PI
#define M_PI 3.14159265358979
#endif
#include <cuda_runtime.h>

__global__ void scale(float* p) { p[threadIdx.x] *= (float)M_PI; }

int main()
{
    float* p;
    cudaMalloc(&p, 32 * sizeof(float));
    scale<<<1, 32>>>(p);
    cudaFree(p);
}
