#include <cuda_runtime.h>

// &raw is a void** already: only its type tells the port to leave it uncast.
int main() {
  void *raw = nullptr;
  cudaHostAlloc(&raw, 64, cudaHostAllocDefault);
  cudaFreeHost(raw);
  return 0;
}
