#include <hip/hip_runtime.h>
#include <cstdio>

// lanes that step together
// hipport HP2001: '#define LANES_PER_WARP 32': a warp size fixed at 32 is half an AMD wavefront: define it from warpSize (or __AMDGCN_WAVEFRONT_SIZE)
#define LANES_PER_WARP 32

__global__ void tag(int *p) { p[threadIdx.x] = LANES_PER_WARP; }
