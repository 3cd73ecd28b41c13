// CUDA's T** overloads of cudaHostAlloc, cudaHostGetDevicePointer and
// cudaMallocPitch take a float**; HIP declares void** only, so the port casts
// the argument. An argument already cast, and the calls HIP has T** templates
// for (hipMalloc, hipHostMalloc, hipMallocManaged), are left as written; so is
// the address of a void* (already the void** HIP wants: no cast to add).
#include <hip/hip_runtime.h>
int main() {
  float *h, *d, *p, *m, *q;
  size_t pitch;
  hipHostAlloc(reinterpret_cast<void**>(&h), 64 * sizeof(float), hipHostMallocMapped);
  hipHostGetDevicePointer(reinterpret_cast<void**>(&d), h, 0);
  hipMallocPitch(reinterpret_cast<void**>(&p), &pitch, 64 * sizeof(float), 8);
  hipHostAlloc((void **)&q, 64, hipHostMallocDefault);
  void *v = nullptr;
  hipHostAlloc(&v, 64, hipHostMallocDefault);
  hipHostGetDevicePointer(&v, h, 0);
  hipMallocPitch(&v, &pitch, 64, 8);
  hipMalloc(&m, 64);
  hipHostMalloc(&q, 64);
  hipMallocManaged(&m, 64);
  hipFree(p);
  return 0;
}
