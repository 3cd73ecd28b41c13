#include <cuda_runtime.h>
#include <cstdio>
#ifdef __DRIVER_TYPES_H__
#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) printf("%s\n", cudaGetErrorString(e)); } while (0)
#endif
#ifdef __CUDA_RUNTIME_H__
inline int device_count() { int n = 0; CHECK(cudaGetDeviceCount(&n)); return n; }
#endif
