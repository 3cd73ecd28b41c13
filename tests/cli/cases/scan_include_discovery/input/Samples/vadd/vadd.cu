#include <helper_cuda.h>
#include <helper_functions.h>
__global__ void add(float *a) { a[threadIdx.x] += 1.0f; }
int main() {
    float *d;
    checkCudaErrors(cudaMalloc(&d, 64 * sizeof(float)));
    add<<<1, 64>>>(d);
    checkCudaErrors(cudaDeviceSynchronize());
    return 0;
}
