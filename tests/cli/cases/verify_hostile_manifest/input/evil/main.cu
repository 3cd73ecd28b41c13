#include <cuda_runtime.h>
__global__ void fill(float *p) { p[threadIdx.x] = 1.0f; }
int main() {
    float *d;
    cudaMalloc(&d, 64 * sizeof(float));
    fill<<<1, 64>>>(d);
    cudaFree(d);
    return 0;
}
