#include <map>
__global__ void k(int *x) { x[0] = 1; }
void go(int *x) { k<<<1, 1>>>(x); cudaDeviceSynchronize(); }
