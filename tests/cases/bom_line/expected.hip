#include <hip/hip_runtime.h>
#include <cstdio>

// A UTF-8 byte order mark: the runtime include stays after it, and the
// first line is read like any other.
__global__ void fill(float *p) { p[threadIdx.x] = 1.0f; }

int main() {
    float *d;
    hipMalloc(&d, 64 * sizeof(float));
    fill<<<1, 64>>>(d);
    hipDeviceSynchronize();
    hipFree(d);
    printf("done\n");
    return 0;
}
