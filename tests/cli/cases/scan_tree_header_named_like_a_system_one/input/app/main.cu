#include <unistd.h>
#include <helper.h>

__global__ void k(int *p) { p[threadIdx.x] *= 2; }

int main() {
  int *d = nullptr;
  cudaMalloc(&d, 64 * sizeof(int));
  k<<<1, 64>>>(d);
  cudaThreadSynchronize();
  cudaFree(d);
  return getpid() > 0 ? 0 : 1;
}
