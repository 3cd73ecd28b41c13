// Spaces around the chevrons (`k <<< g, b >>> (x)`) stay out of the
// hipLaunchKernelGGL arguments: the kernel is named without them, and an
// empty argument list leaves no space before the closing parenthesis.
#include <cuda_runtime.h>
template <typename T> __global__ void scale(T *x, T a) { x[threadIdx.x] *= a; }
__global__ void zero(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
int main() {
  float *x; cudaMalloc(&x, 256 * sizeof(float));
  dim3 grid(2), block(128);
  zero <<<grid, block>>>(x);
  zero <<< 1, 256 >>> (x);
  zero	<<<grid , block>>>	(x);
  scale<float> <<<1, 256, 0>>>(x, 2.0f);
  zero<<<1, 1>>> ( );
  cudaDeviceSynchronize();
}
