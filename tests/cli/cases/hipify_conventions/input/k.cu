#include <stdio.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
__constant__ float coef[4];
template <typename T> __global__ void axpy(T a, T *x) { x[threadIdx.x] *= a + coef[0]; }
#define AXPY_F axpy<float>
int main() {
  float *h, *d, c[4] = {1, 2, 3, 4};
  cudaMallocHost(&h, 64 * sizeof(float));
  cudaMalloc(&d, 64 * sizeof(float));
  cudaMemcpyToSymbol(coef, c, sizeof c);
  axpy<<<1, 64>>>(2.0f, d);
  AXPY_F<<<1, 64>>>(2.0f, d);
  cublasHandle_t handle; cublasCreate(&handle);
  printf("done\n");
}
