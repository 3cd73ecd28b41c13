// Before ROCm 7.0, hipGetLastError and hipPeekAtLastError returned the result
// of the last HIP call, not the last error: an earlier failure is lost.
// hipport-args: --rocm 6.3
#include <cuda_runtime.h>
__global__ void k() {}
int main() {
  k<<<1, 1>>>();
  cudaError_t e = cudaGetLastError(); // expect HP2601
  if (cudaPeekAtLastError() != cudaSuccess) // expect HP2601
    return 1;
  // cudaGetLastError() in a comment is no call
  cudaError_t (*last)(void) = cudaGetLastError;
  const char *name = "cudaGetLastError()";
  return e == cudaSuccess && last && name ? 0 : 1;
}
