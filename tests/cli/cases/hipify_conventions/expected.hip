#include <stdio.h>
#include <hip/hip_runtime.h>
#include <hipblas.h>
__constant__ float coef[4];
template <typename T> __global__ void axpy(T a, T *x) { x[threadIdx.x] *= a + coef[0]; }
#define AXPY_F axpy<float>
int main() {
  float *h, *d, c[4] = {1, 2, 3, 4};
  hipHostMalloc(&h, 64 * sizeof(float), hipHostMallocDefault);
  hipMalloc(&d, 64 * sizeof(float));
  hipMemcpyToSymbol(HIP_SYMBOL(coef), c, sizeof c);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy), dim3(1), dim3(64), 0, 0, 2.0f, d);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(AXPY_F), dim3(1), dim3(64), 0, 0, 2.0f, d);
  hipblasHandle_t handle; hipblasCreate(&handle);
  printf("done\n");
}
