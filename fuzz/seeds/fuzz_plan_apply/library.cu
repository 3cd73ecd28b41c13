#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <thrust/device_vector.h>
void run(cublasHandle_t h, int n, const float *x, float *y) {
  float alpha = 1.0f;
  cublasSaxpy(h, n, &alpha, x, 1, y, 1);
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cudaMemcpyToSymbol(sym, x, n);
  cudaLaunchKernel((void *)k, dim3(1), dim3(32), nullptr, 0, 0);
  cudaThreadSynchronize();
}
