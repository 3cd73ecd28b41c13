#include <cuda_runtime.h>
#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) return 1; } while (0)
#if 0
cudaMallocHost(&p, 4);
#endif
int f(void **p) { CHECK(cudaMalloc(p, 16)); /* cudaFree in a comment */ return 0; }
