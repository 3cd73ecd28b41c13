// hipport test input: a runtime allocation and a launch.
#include <hip/hip_runtime.h>

__global__ void fill(float *x) { x[threadIdx.x] = 1.0f; }

int main()
{
    float *d;
    hipMalloc((void **)&d, 64 * sizeof(float));
    fill<<<1, 64>>>(d);
    hipFree(d);
    return 0;
}
