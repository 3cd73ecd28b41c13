#include <cuda_runtime.h>
void get(void **p, cudaStream_t s)
{
#ifdef USE_ASYNC
    cudaMallocAsync(p, 64, s);
#else
    cudaMalloc(p, 64);
#endif
}
