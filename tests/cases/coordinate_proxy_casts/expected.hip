// HIP's threadIdx.x and kin are proxy objects before ROCm 6.1: min and max
// find no best overload for them and printf would get an object. Each such
// argument is cast to unsigned; arithmetic, calls and casts already there stay.
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void tile(float *out, unsigned rem) {
  unsigned n = min(rem, (unsigned)blockDim.x);
  unsigned m = max((unsigned)threadIdx.x, (unsigned)blockIdx.y);
  unsigned k = min(rem, blockDim.x * 2);
  if (threadIdx.x == 0)
    printf("block %u of %u\n", (unsigned)blockIdx.x, (unsigned)gridDim.x);
  out[threadIdx.x] = n + m + k + min(rem, (unsigned)blockDim.y);
}
int main() {
  float *d;
  hipMalloc(&d, 256 * sizeof(float));
  tile<<<2, 128>>>(d, 100u);
  hipDeviceSynchronize();
  return 0;
}
