#include <cmath>
#include <cuda_runtime.h>

#ifdef M_PI
#define PI_F ((float)M_PI)
#else
#define PI_F 3.14159265f
#endif

__global__ void arc(float *x) { x[threadIdx.x] = sinf(PI_F * x[threadIdx.x]); }
