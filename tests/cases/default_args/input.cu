// Trailing arguments CUDA defaults and HIP 5.2 does not: written out in the port,
// and left alone where the call already passes them.
#include <cuda_runtime.h>
__constant__ float coef[4];
__global__ void k(float* p) { p[threadIdx.x] *= coef[0]; }
int main()
{
    cudaStream_t s;
    cudaEvent_t e;
    cudaStreamCreate(&s);
    cudaEventCreate(&e);
    cudaEventRecord(e);
    cudaStreamWaitEvent(s, e);
    cudaStreamWaitEvent(s, e, 0);
    cudaArray_t arr;
    cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
    cudaMalloc3DArray(&arr, &ch, make_cudaExtent(8, 8, 8));
    float h[4] = {1, 2, 3, 4};
    cudaMemcpyToSymbolAsync(coef, h, sizeof h);
    cudaMemcpyToSymbolAsync(coef, h, sizeof h, 0, cudaMemcpyHostToDevice, s);
    cudaMemcpyFromSymbolAsync(h, coef, sizeof h, 0);
    float* d;
    cudaMalloc(&d, 256);
    void* args[] = {&d};
    cudaLaunchCooperativeKernel((void*)k, dim3(1), dim3(64), args);
    cudaLaunchCooperativeKernel((void*)k, dim3(1), dim3(64), args, 0);
    return 0;
}
