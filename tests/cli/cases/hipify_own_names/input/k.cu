#include <cuda_runtime.h>
#define __CUDACC__ 1
class CUDAContext {};
#define REGISTER_CUDA_OPERATOR(name, ...) int name##_registered = 1
#ifdef __CUDACC__
REGISTER_CUDA_OPERATOR(Scale, CUDAContext);
#endif
int main() { return cudaDeviceSynchronize(); }
