#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#ifdef HAVE_FP16
#include <cuda_fp16.h>
#endif
int main() { return cudaDeviceSynchronize(); }
