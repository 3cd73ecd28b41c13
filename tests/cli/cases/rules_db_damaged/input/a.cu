#include <cuda_runtime.h>
int main() { float *p; cudaMalloc(&p, 4); }
