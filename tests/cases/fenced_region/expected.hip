#include <hip/hip_runtime.h>
int main() {
  hipDeviceSynchronize();
  // hipport off
  cudaDeviceSynchronize();  // kept as CUDA on purpose
  // hipport on
  hipDeviceSynchronize();
}
