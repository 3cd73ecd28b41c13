#include <cuda_runtime.h>
#include "local.h"
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
template <typename T> __global__ void fill(T *p, T v) { p[blockIdx.x * blockDim.x + threadIdx.x] = v; }
int main() {
  float *d;
  cudaStream_t s;
  cudaMalloc(&d, 256 * sizeof(float));
  cudaStreamCreate(&s);
  scale<<<1, 256>>>(d, 2.0f);
  fill<float><<<dim3(2), dim3(128), 0, s>>>(d, 1.0f);
  cudaDeviceSynchronize();
  cudaFree(d);
}
