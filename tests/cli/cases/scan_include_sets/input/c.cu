#include <vector>
#include <local.h>
#include <algorithm>
__global__ void k(int *x) { x[0] = LOCAL_VALUE; }
void go(int *x) { k<<<1, 1>>>(x); cudaDeviceSynchronize(); }
