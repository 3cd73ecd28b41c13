#include <cstdio>

// lanes that step together
#define LANES_PER_WARP 32

__global__ void tag(int *p) { p[threadIdx.x] = LANES_PER_WARP; }
