#include <cublas.h>
int main() {
  float *x;
  cublasInit();
  cublasAlloc(16, sizeof(float), (void **)&x);
  cublasSscal(16, 2.0f, x, 1);
  float r = cublasSnrm2(16, x, 1);
  cublasFree(x);
  cublasShutdown();
  return r > 0;
}
