// nvToolsExtCudaRt.h comes beside nvToolsExt.h: both map to roctx, included once.
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>
__global__ void noop() {}
int main() {
  noop<<<1, 1>>>();
  return cudaDeviceSynchronize() != cudaSuccess;
}
