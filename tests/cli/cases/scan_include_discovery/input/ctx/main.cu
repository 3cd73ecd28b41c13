#include <cuda_runtime.h>
#define PI 3.14159f
#include "kernel.h"
int main() { float *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); cudaFree(d); return 0; }
