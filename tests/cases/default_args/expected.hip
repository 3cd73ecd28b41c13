// Trailing arguments CUDA defaults and HIP 5.2 does not: written out in the port,
// and left alone where the call already passes them.
#include <hip/hip_runtime.h>
__constant__ float coef[4];
__global__ void k(float* p) { p[threadIdx.x] *= coef[0]; }
int main()
{
    hipStream_t s;
    hipEvent_t e;
    hipStreamCreate(&s);
    hipEventCreate(&e);
    hipEventRecord(e);
    hipStreamWaitEvent(s, e, 0);
    hipStreamWaitEvent(s, e, 0);
    hipArray_t arr;
    hipChannelFormatDesc ch = hipCreateChannelDesc<float>();
    hipMalloc3DArray(&arr, &ch, make_hipExtent(8, 8, 8), 0);
    float h[4] = {1, 2, 3, 4};
    hipMemcpyToSymbolAsync(coef, h, sizeof h, 0, hipMemcpyHostToDevice);
    hipMemcpyToSymbolAsync(coef, h, sizeof h, 0, hipMemcpyHostToDevice, s);
    hipMemcpyFromSymbolAsync(h, coef, sizeof h, 0, hipMemcpyDeviceToHost);
    float* d;
    hipMalloc(&d, 256);
    void* args[] = {&d};
    hipLaunchCooperativeKernel((void*)k, dim3(1), dim3(64), args, 0, 0);
    hipLaunchCooperativeKernel((void*)k, dim3(1), dim3(64), args, 0, 0);
    return 0;
}
