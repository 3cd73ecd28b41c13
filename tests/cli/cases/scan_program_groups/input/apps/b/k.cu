#include <cuda_runtime.h>
int main() { float *p; cudaMalloc(&p, 4); cudaFree(p); return 0; }
