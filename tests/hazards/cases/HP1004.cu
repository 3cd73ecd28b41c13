// Symbols named by a string (removed in CUDA 5.0); symbols passed as themselves are fine.
#include <cuda_runtime.h>
__constant__ float coeffs[4];
__device__ int counter;
void upload(const float *h, cudaStream_t s) {
  cudaMemcpyToSymbol("coeffs", h, sizeof(coeffs)); // expect HP1004
  cudaMemcpyFromSymbol((void *)h, "coeffs", sizeof(coeffs)); // expect HP1004
  void *p;
  cudaGetSymbolAddress(&p, "counter"); // expect HP1004
  cudaMemcpyToSymbolAsync(coeffs, h, sizeof(coeffs), 0, cudaMemcpyHostToDevice, s);
  cudaMemcpyToSymbol(coeffs, h, sizeof(coeffs));
  cudaMemcpyFromSymbol((void *)h, coeffs, sizeof(coeffs));
  cudaGetSymbolAddress(&p, counter);
  const char *why = "cudaMemcpyToSymbol(\"coeffs\"";
  (void)why;
}
