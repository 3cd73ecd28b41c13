// Fields CUDA 13 removed from cudaDeviceProp, read through a value, a pointer
// and an array element; a user's struct with a field of the same name.
#include <cstdio>
#include <cuda_runtime.h>

struct Caps {
    int deviceOverlap;
};

int overlap_of(const cudaDeviceProp* p) { return p->deviceOverlap; }

int main()
{
    cudaDeviceProp prop, props[2];
    cudaGetDeviceProperties(&prop, 0);
    Caps caps = {1};
    printf("%d %d %d\n", prop.deviceOverlap, props[1].deviceOverlap, caps.deviceOverlap);
    return overlap_of(&prop) + (int)prop.singleToDoublePrecisionPerfRatio;
}
