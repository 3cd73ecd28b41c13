#include <math.h>
#include <cuda_runtime.h>
float apply(float (*f)(float), float x) { return f(x); }
int main() {
  float (*fp)(float) = exp;
  cudaDeviceSynchronize();
  return (int)fp(1.0f);
}
