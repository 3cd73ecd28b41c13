#include <cuda_runtime.h>
// CRLF line endings stay CRLF
int main() {
  cudaDeviceSynchronize();
  return 0;
}
