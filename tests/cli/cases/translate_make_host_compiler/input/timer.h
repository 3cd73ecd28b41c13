#include <cuda_runtime.h>
float elapsed(cudaEvent_t a, cudaEvent_t b);
