// Spaces around the chevrons (`k <<< g, b >>> (x)`) stay out of the
// hipLaunchKernelGGL arguments: the kernel is named without them, and an
// empty argument list leaves no space before the closing parenthesis.
#include <hip/hip_runtime.h>
template <typename T> __global__ void scale(T *x, T a) { x[threadIdx.x] *= a; }
__global__ void zero(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
int main() {
  float *x; hipMalloc(&x, 256 * sizeof(float));
  dim3 grid(2), block(128);
  hipLaunchKernelGGL(zero, dim3(grid), dim3(block), 0, 0, x);
  hipLaunchKernelGGL(zero, dim3(1), dim3(256), 0, 0, x);
  hipLaunchKernelGGL(zero, dim3(grid), dim3(block), 0, 0, x);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<float>), dim3(1), dim3(256), 0, 0, x, 2.0f);
  hipLaunchKernelGGL(zero, dim3(1), dim3(1), 0, 0);
  hipDeviceSynchronize();
}
