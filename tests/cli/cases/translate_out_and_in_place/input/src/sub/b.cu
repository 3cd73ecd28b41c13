#include <cuda_runtime.h>
void clear(float *d, size_t n) { cudaMemset(d, 0, n); }
