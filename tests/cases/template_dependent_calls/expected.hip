// In a template, a call whose arguments depend on T names a set of candidates,
// not one declaration; inside a macro argument it must still be translated.
#include <hip/hip_runtime.h>
#include <cstdio>

#define CHECK(call)                                          \
  do {                                                       \
    hipError_t e = (call);                                  \
    if (e != hipSuccess) printf("%s\n", hipGetErrorString(e)); \
  } while (0)

template <typename T>
__constant__ T mask[16];

template <typename T>
void upload(T *d, const T *h, size_t n)
{
  CHECK(hipMemcpy(d, h, n * sizeof(T), hipMemcpyHostToDevice));
  CHECK(hipMemcpyToSymbol(mask<T>, h, 16 * sizeof(T)));
  hipMemset(d, 0, n * sizeof(T));
}

template void upload<float>(float *, const float *, size_t);
