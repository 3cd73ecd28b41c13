#include <math.h>
#include <cstdio>
#include <cuda_runtime.h>

// exp of a float is std::exp(float), which <math.h> brings to file scope.
int main() {
  float f = 2.0f;
  float y = exp(f);
  cudaDeviceSynchronize();
  printf("%f\n", y);
  return 0;
}
