#include <cuda_runtime.h>
__global__ void k(float *x) { x[threadIdx.x] = 1; }
void run(float *x, int g, int b) {
    k<<<g, b>>>(x);
}
