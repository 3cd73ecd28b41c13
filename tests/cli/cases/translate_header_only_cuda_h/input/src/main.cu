#include "hwt.h"
__global__ void halve(float *x) { x[threadIdx.x] *= 0.5f; }
int main() {
  float *h = hwt_alloc(32);
  free(h);
  return 0;
}
