typedef unsigned idx_t;
#define BOUNDS __launch_bounds__(128)
#include "../kernel.cu"

int main() {
  idx_t *d = nullptr;
  cudaMalloc(&d, 4 * sizeof(idx_t));
  fill<<<4, 1>>>(d);
  return cudaFree(d);
}
