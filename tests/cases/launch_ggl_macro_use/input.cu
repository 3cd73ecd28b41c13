// A macro whose body holds a launch's chevrons but not its arguments is a
// launch only where it is used: each use becomes the launch it expands to
// (HIP_KERNEL_NAME for the template kernel; a use that is no statement keeps
// its chevrons). A function-like macro whose body is the whole launch is
// rewritten once, in its body, and its uses stay as they are.
#include <cuda_runtime.h>
template <typename T> __global__ void axpy(T a, T *x, T *y) { y[threadIdx.x] += a * x[threadIdx.x]; }
__global__ void inc(float *a, float *b) { a[0] += b[0]; }
#define ARGS a, x, y
#define CALL_F axpy<float><<<1, n>>>
#define CALL_S inc<<<dim3(n), 1, 0, stream>>>
#define LAUNCH(kern, g, b, ...) \
    kern<<<g, b>>>(__VA_ARGS__);
int main() {
  float a = 1, *x, *y;
  int n = 4;
  cudaStream_t stream = 0;
  CALL_F(ARGS);
  CALL_F(a, x, y);
  CALL_S(x, y);
  bool ok = (CALL_F(a, x, y), true);
  LAUNCH(inc, n, 1, x, y);
  return ok ? 0 : 1;
}
