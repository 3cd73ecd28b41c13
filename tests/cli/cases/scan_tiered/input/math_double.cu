#include <math.h>
#include <cstdio>
#include <cuda_runtime.h>

#define SCALE 0.5 // a double, as the call sees it

// Each call takes built-in types only (SCALE is a double literal): no std
// function is found by its arguments, and sqrt and fabs of a double are the
// C library's, though <math.h> brings std's overloads beside them.
int main() {
  double d = 2.0;
  int i = 1, j = 2;
  double r = sqrt(d) + fabs(d * SCALE) + min(i, j);
  cudaDeviceSynchronize();
  printf("%f\n", r);
  return 0;
}
