#include <cublas_v2.h>
void f(cublasHandle_t h, int n, const float *x, float *y) {
    float a = 2.0f;
    cublasCreate(&h);
    cublasSaxpy(h, n, &a, x, 1, y, 1);
    cublasDestroy(h);
}
