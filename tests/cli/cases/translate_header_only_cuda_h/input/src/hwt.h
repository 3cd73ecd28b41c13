// A header of plain host helpers whose only CUDA trace is the driver API header
// (HeCBench's hwt.h).
#ifndef HWT_H
#define HWT_H
#include <cuda.h>
#include <stdlib.h>

static inline float *hwt_alloc(size_t n) { return (float *)malloc(n * sizeof(float)); }

#endif
