#include <hip/hip_runtime.h>
template <typename T> __global__ void scale(T *x, T a) { x[threadIdx.x] *= a; }
__global__ void zero(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
int main() {
  float *x; hipMalloc(&x, 256 * sizeof(float));
  hipStream_t s; hipStreamCreate(&s);
  zero<<<2, 128>>>(x);
  scale<float><<<dim3(1), dim3(256), 0, s>>>(x, 2.0f);
  hipDeviceSynchronize();
}
