#pragma once
#include <cuda_runtime.h>
#define LAUNCH_WARPS(n) ((n) * 8)
inline cudaError_t myCudaMalloc(void **p, size_t n) { return cudaMalloc(p, n); }
