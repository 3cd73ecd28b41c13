#include <cstdio>
#include <cuda_runtime.h>

// HIP declares hipHostAlloc and hipMallocPitch with void** only: &pinned (a
// float**, whatever a typedef could say: float is a keyword) takes the cast,
// the C cast to void** is kept as written.
int main() {
  float *pinned = nullptr, *pitched = nullptr;
  size_t pitch = 0;
  cudaHostAlloc(&pinned, 64 * sizeof(float), cudaHostAllocDefault);
  cudaMallocPitch((void **)&pitched, &pitch, 64 * sizeof(float), 8);
  printf("%zu\n", pitch);
  cudaFree(pitched);
  cudaFreeHost(pinned);
  return 0;
}
