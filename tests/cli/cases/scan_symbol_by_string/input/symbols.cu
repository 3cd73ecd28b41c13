#include <cuda_runtime.h>
__constant__ float coeffs[4];
void upload(const float *host, cudaStream_t s) {
  cudaMemcpyToSymbol("coeffs", host, sizeof coeffs);
  cudaMemcpyToSymbolAsync("coeffs", host, sizeof coeffs, 0, cudaMemcpyHostToDevice, s);
  cudaMemcpyToSymbol(coeffs, host, sizeof coeffs);
  float back[4];
  cudaMemcpyFromSymbol(back, "coeffs", sizeof back);
  cudaMemcpyFromSymbol(back, coeffs, sizeof back);
  puts("cudaMemcpyToSymbol(\"coeffs\") in a string is not a call");
}
