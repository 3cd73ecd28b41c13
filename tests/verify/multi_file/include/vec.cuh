// Shared declarations of the multi-file project: a header in a folder of its
// own, found by the scan (no -I given).
#pragma once
#include <cuda_runtime.h>

void add_on_gpu(const float *a, const float *b, float *c, int n);

#define CHECK(call)                                                      \
  do {                                                                   \
    cudaError_t err_ = (call);                                           \
    if (err_ != cudaSuccess) {                                           \
      fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(err_));      \
      return 1;                                                          \
    }                                                                    \
  } while (0)
