#include <hip/hip_runtime.h>
#include <cstdio>
#ifdef HIP_INCLUDE_HIP_DRIVER_TYPES_H
#define CHECK(x) do { hipError_t e = (x); if (e != hipSuccess) printf("%s\n", hipGetErrorString(e)); } while (0)
#endif
#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H
inline int device_count() { int n = 0; CHECK(hipGetDeviceCount(&n)); return n; }
#endif
