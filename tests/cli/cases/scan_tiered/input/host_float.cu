#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// No header here brings std::fabs to file scope (crt/math_functions.h's
// `using std::fabs` stands in a branch the prelude's parse did not take), so
// fabs of a float is the C library's fabs(double).
int main() {
  float *h = (float *)malloc(2 * sizeof(float));
  h[0] = 1.0f;
  h[1] = -3.0f;
  cudaDeviceSynchronize();
  printf("%d\n", fabs(h[0] + h[1]) > 1e-5);
  free(h);
  return 0;
}
