// Code that tests nvcc's __CUDACC__ by value (CUDA 13's nccl_device.h does too).
#include <cuda_runtime.h>

#if __CUDACC__
#define HD __host__ __device__
#else
#define HD
#endif

HD inline float twice(float x) { return 2.0f * x; }

__global__ void k(float *p) { p[threadIdx.x] = twice(p[threadIdx.x]); }

int main() {
  float *d = nullptr;
#if __CUDACC__ == 1
  cudaMalloc(&d, 16 * sizeof(float));
#else
  cudaMallocManaged(&d, 16 * sizeof(float));
#endif
  k<<<1, 16>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
