#include <hip/hip_runtime.h>
template <typename T> __global__ void scale(T *x, T a) { x[threadIdx.x] *= a; }
__global__ void zero(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
int main() {
  float *x; hipMalloc(&x, 256 * sizeof(float));
  hipStream_t s; hipStreamCreate(&s);
  hipLaunchKernelGGL(zero, dim3(2), dim3(128), 0, 0, x);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<float>), dim3(1), dim3(256), 0, s, x, 2.0f);
  hipDeviceSynchronize();
}
static void more(float *x, size_t smem) {
  hipLaunchKernelGGL(zero, dim3(4), dim3(64), smem, 0, x);
  hipLaunchKernelGGL(zero, dim3(1), dim3(1), 0, 0, 
      x);
}
