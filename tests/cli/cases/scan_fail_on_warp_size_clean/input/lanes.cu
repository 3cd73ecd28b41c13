// The portable form: warpSize, not 32. "threadIdx.x % 32" in a comment or a
// string is not code.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void lanes(int *out)
{
    int lane = threadIdx.x % warpSize;
    out[threadIdx.x] = lane;
}

int main()
{
    printf("threadIdx.x %% 32 is not portable\n");
    return 0;
}
