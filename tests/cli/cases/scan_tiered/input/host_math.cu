#include <cmath>
#include <cuda_runtime.h>

__global__ void k(float *x) { x[0] = isnan(x[0]) ? 0.0f : x[0]; }

bool check(float v) { return isnan(v); }
