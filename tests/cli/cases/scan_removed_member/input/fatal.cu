// The same with a header that is not there (line 4): read without a full tree.
// Every line below it is one lower than in tree.cu.
#include <cstdio>
#include "generated_config.h"
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
