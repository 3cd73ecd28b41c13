// In a template, a call whose arguments depend on T names a set of candidates,
// not one declaration; inside a macro argument it must still be translated.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                          \
  do {                                                       \
    cudaError_t e = (call);                                  \
    if (e != cudaSuccess) printf("%s\n", cudaGetErrorString(e)); \
  } while (0)

template <typename T>
__constant__ T mask[16];

template <typename T>
void upload(T *d, const T *h, size_t n)
{
  CHECK(cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToSymbol(mask<T>, h, 16 * sizeof(T)));
  cudaMemset(d, 0, n * sizeof(T));
}

template void upload<float>(float *, const float *, size_t);
