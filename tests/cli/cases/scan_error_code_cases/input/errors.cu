// An error-string switch that names codes HIP lacks, as cuda-samples'
// helper_cuda.h and many projects have, and one real use of such a code.
#include <cstdio>
#include <cuda_runtime.h>

static const char *error_name(cudaError_t e) {
  switch (e) {
  case cudaSuccess: return "cudaSuccess";
  case cudaErrorInvalidHostPointer: return "cudaErrorInvalidHostPointer";
  case cudaErrorInvalidTexture: return "cudaErrorInvalidTexture";
  case cudaErrorTextureFetchFailed:
    return "cudaErrorTextureFetchFailed";
  case /* legacy */ cudaErrorTextureNotBound : return "cudaErrorTextureNotBound";
  default: return "other";
  }
}

int main() {
  cudaError_t e = cudaGetLastError();
  if (e == cudaErrorInvalidHostPointer)
    printf("host pointer\n");
  printf("%s\n", error_name(e));
  return 0;
}
