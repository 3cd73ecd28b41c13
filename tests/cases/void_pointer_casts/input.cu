// CUDA's T** overloads of cudaHostAlloc, cudaHostGetDevicePointer and
// cudaMallocPitch take a float**; HIP declares void** only, so the port casts
// the argument. An argument already cast, and the calls HIP has T** templates
// for (hipMalloc, hipHostMalloc, hipMallocManaged), are left as written; so is
// the address of a void* (already the void** HIP wants: no cast to add).
#include <cuda_runtime.h>
int main() {
  float *h, *d, *p, *m, *q;
  size_t pitch;
  cudaHostAlloc(&h, 64 * sizeof(float), cudaHostAllocMapped);
  cudaHostGetDevicePointer(&d, h, 0);
  cudaMallocPitch(&p, &pitch, 64 * sizeof(float), 8);
  cudaHostAlloc((void **)&q, 64, cudaHostAllocDefault);
  void *v = nullptr;
  cudaHostAlloc(&v, 64, cudaHostAllocDefault);
  cudaHostGetDevicePointer(&v, h, 0);
  cudaMallocPitch(&v, &pitch, 64, 8);
  cudaMalloc(&m, 64);
  cudaMallocHost(&q, 64);
  cudaMallocManaged(&m, 64);
  cudaFree(p);
  return 0;
}
