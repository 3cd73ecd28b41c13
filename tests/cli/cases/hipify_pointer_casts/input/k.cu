#include <cuda_runtime.h>
int main() {
  void *v = nullptr;
  float *f = nullptr, *host = new float[4];
  size_t pitch;
  cudaHostGetDevicePointer(&v, host, 0);
  cudaHostGetDevicePointer(&f, host, 0);
  cudaMallocPitch(&f, &pitch, 16, 4);
  cudaHostAlloc((void **)&f, 16, cudaHostAllocDefault);
  return 0;
}
