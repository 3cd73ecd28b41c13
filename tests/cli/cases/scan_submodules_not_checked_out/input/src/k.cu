// a header of a submodule the clone did not check out
#include <fmt/format.h>
__global__ void k(float *p) { p[threadIdx.x] = 0.0f; }
int main() {
  float *d = nullptr;
  cudaMalloc(&d, 32 * sizeof(float));
  k<<<1, 32>>>(d);
  return cudaFree(d);
}
