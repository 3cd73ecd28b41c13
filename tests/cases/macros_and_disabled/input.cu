#include <cuda_runtime.h>
#include <cstdio>
#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) printf("%s\n", cudaGetErrorName(e_)); } while (0)
#define ALLOC(p, n) CHECK(cudaMalloc(&(p), (n)))
int main() {
  void *p;
  ALLOC(p, 64);
#if 0
  cudaMemcpyToSymbol(nullptr, p, 0);
#elif defined(USE_MANAGED)
  CHECK(cudaMallocManaged(&p, 64));
#else
  CHECK(cudaMemset(p, 0, 64));
#endif
  CHECK(cudaFree(p));
}
