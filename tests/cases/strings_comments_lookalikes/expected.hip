#include <hip/hip_runtime.h>
// cudaMalloc in a comment stays; so does "cudaFree" in a string.
struct cudaHelperConfig { int cudaDevice; };
static int cuda_ok = 1;
static int cublasLike_gemm(int x) { return x; }
int main() {
  const char *msg = "call cudaDeviceSynchronize() later";
  cudaHelperConfig cfg; cfg.cudaDevice = cublasLike_gemm(cuda_ok);
  char c = 'c';
  hipDeviceSynchronize();  // the real call
  return msg[0] + c + cfg.cudaDevice;
}
