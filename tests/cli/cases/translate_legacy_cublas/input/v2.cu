#include <cublas_v2.h>
int main() {
  cublasHandle_t h; float *x; float a = 2.0f;
  cublasCreate(&h);
  cublasSscal(h, 16, &a, x, 1);
  cublasDestroy(h);
  return 0;
}
