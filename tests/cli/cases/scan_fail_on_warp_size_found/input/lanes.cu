// A lane index computed with a literal 32: a warp-size hazard on 64-lane GPUs.
#include <cuda_runtime.h>

__global__ void lanes(int *out)
{
    int lane = threadIdx.x % 32;
    out[threadIdx.x] = lane;
}
