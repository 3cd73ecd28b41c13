// progA pastes its kernels in, after the type they use (rodinia's heartwall)
#include <cstdio>
typedef float fp;
#define BOUNDS __launch_bounds__(32)
#include "kernel.cu"

int main() {
  fp *d = nullptr;
  cudaMalloc(&d, 32 * sizeof(fp));
  scale<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
