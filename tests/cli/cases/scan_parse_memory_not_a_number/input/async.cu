#include <cuda_runtime.h>
void f(void **p, cudaStream_t s) { cudaMallocAsync(p, 64, s); }
