// nvToolsExtCudaRt.h comes beside nvToolsExt.h: both map to roctx, included once.
#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>
__global__ void noop() {}
int main() {
  noop<<<1, 1>>>();
  return hipDeviceSynchronize() != hipSuccess;
}
