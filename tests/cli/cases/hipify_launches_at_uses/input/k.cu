#include <cuda_runtime.h>
#include <algorithm>
__global__ void inc(float *a, float *b) { a[0] += b[0]; }
__global__ void none() {}
__global__ void two(int a, int b) {}
#define LAUNCH(kern, g, b, ...) \
    kern<<<g, b>>>(__VA_ARGS__);
#define CHECKED(kern, g, b, ...) do { kern<<<g, b>>>(__VA_ARGS__); cudaDeviceSynchronize(); } while (0)
int main() {
  float *x = 0, *y = 0;
  int n = 4;
  LAUNCH(inc, n, 1, x, y);
  LAUNCH(inc, dim3(n), 1, x, y)
  CHECKED(inc, n, 1, x, y);
  LAUNCH(none, 1, 1);
  LAUNCH(two, 1, 1, std::min(n, 2), (n, 3));
  LAUNCH(two, 1, 1, n,
         n);
  return 0;
}
