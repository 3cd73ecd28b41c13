// #ifndef M_PI / #define M_PI at the top is no include guard (the file goes on
// after its #endif): the runtime include goes above it, once.
#include <hip/hip_runtime.h>
#ifndef M_PI
#define M_PI 3.14159265358979
#endif

__global__ void scale(float* p) { p[threadIdx.x] *= (float)M_PI; }

int main()
{
    float* p;
    hipMalloc(&p, 32 * sizeof(float));
    scale<<<1, 32>>>(p);
    hipFree(p);
}
