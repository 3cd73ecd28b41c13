#include <cuda_runtime.h>
__global__ void inc(float *a, float *b) { a[0] += b[0]; }
#define LAUNCH(kern, g, b, ...) \
    kern<<<g, b>>>(__VA_ARGS__);
#define CHECKED(kern, g, b, ...) do { kern<<<g, b>>>(__VA_ARGS__); cudaDeviceSynchronize(); } while (0)
int main() {
  float *x = 0, *y = 0;
  int n = 4;
  LAUNCH(inc, n, 1, x, y);
  LAUNCH(inc, dim3(n), 1, x, y)
  CHECKED(inc, n, 1, x, y);
  return 0;
}
