#include <cuda_runtime.h>
#include "config.h"
// N comes from config.h, found through -I; WITH_STREAM from -D.
__global__ void k(float *p) { p[threadIdx.x] *= N; }
int main() {
    float *d;
    cudaMalloc(&d, 4);
#ifdef WITH_STREAM
    cudaStream_t s;
    cudaStreamCreate(&s);
#endif
    k<<<1, 1>>>(d);
    cudaFree(d);
    return 0;
}
