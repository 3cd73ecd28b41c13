#pragma once
#include <cuda_runtime.h>

// A shim for toolkits before 5.0, which this toolkit's version leaves out.
#if CUDART_VERSION < 5000
static inline cudaError_t cudaDeviceSynchronize() { return cudaThreadSynchronize(); }
#endif
