// hp_later.h is nowhere until the check adds it to a folder CPATH names
#include <hp_later.h>
__global__ void k(int *p) { p[0] = LATER; }
int main() {
  int *d = nullptr;
  cudaMalloc(&d, sizeof(int));
  k<<<1, 1>>>(d);
  return cudaFree(d);
}
