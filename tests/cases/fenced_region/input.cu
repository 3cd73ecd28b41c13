#include <cuda_runtime.h>
int main() {
  cudaDeviceSynchronize();
  // hipport off
  cudaDeviceSynchronize();  // kept as CUDA on purpose
  // hipport on
  cudaDeviceSynchronize();
}
