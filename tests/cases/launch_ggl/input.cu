#include <cuda_runtime.h>
template <typename T> __global__ void scale(T *x, T a) { x[threadIdx.x] *= a; }
__global__ void zero(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
int main() {
  float *x; cudaMalloc(&x, 256 * sizeof(float));
  cudaStream_t s; cudaStreamCreate(&s);
  zero<<<2, 128>>>(x);
  scale<float><<<dim3(1), dim3(256), 0, s>>>(x, 2.0f);
  cudaDeviceSynchronize();
}
static void more(float *x, size_t smem) {
  zero<<<4, 64, smem>>>(x);
  zero<<<1, 1>>>(
      x);
}
