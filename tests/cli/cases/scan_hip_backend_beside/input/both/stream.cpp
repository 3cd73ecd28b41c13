// one source for both, by the platform: CUDA to port, for its CUDA header
#ifdef __HIP_PLATFORM_AMD__
#include <hip/hip_runtime.h>
#else
#include <cuda_runtime.h>
#endif
__global__ void scale(float *a) { a[threadIdx.x] *= 2.0f; }
