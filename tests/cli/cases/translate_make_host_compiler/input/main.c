#include <stdio.h>
#include <cuda_runtime.h>

void launch(float *x, int n);
int twice(int v);

int main(void) {
  float *x;
  int n = 0;
  cudaGetDeviceCount(&n);
  cudaMalloc((void **)&x, 64 * sizeof(float));
  launch(x, 64);
  cudaFree(x);
  printf("%d %d\n", n, twice(n));
  return 0;
}
