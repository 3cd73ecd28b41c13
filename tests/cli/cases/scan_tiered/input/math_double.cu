#include <math.h>
#include <cstdio>
#include <cuda_runtime.h>

// Each call takes built-in types only: no std function is found by its
// arguments, and sqrt and fabs of a double are the C library's, though
// <math.h> brings std's overloads beside them.
int main() {
  double d = 2.0;
  int i = 1, j = 2;
  double r = sqrt(d) + fabs(d * 0.5) + min(i, j);
  cudaDeviceSynchronize();
  printf("%f\n", r);
  return 0;
}
