#include <hip/hip_runtime.h>
#include <cstdio>
#define CHECK(call) do { hipError_t e_ = (call); if (e_ != hipSuccess) printf("%s\n", hipGetErrorName(e_)); } while (0)
#define ALLOC(p, n) CHECK(hipMalloc(&(p), (n)))
int main() {
  void *p;
  ALLOC(p, 64);
#if 0
  hipMemcpyToSymbol(nullptr, p, 0);
#elif defined(USE_MANAGED)
  CHECK(hipMallocManaged(&p, 64));
#else
  CHECK(hipMemset(p, 0, 64));
#endif
  CHECK(hipFree(p));
}
