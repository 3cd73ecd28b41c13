// C++17 removed the register storage class; hipcc compiles C++17.
#include <cuda_runtime.h>
#define ACC register float // expect HP2403
__global__ void sum(const float *in, float *out, int n) {
  register int i = threadIdx.x; // expect HP2403
  register   float acc = 0.0f; // expect HP2403
  int registers = 0;                 // a name, not the keyword
  int register_count = n;            // neither
  // register int in a comment is not code
  const char *note = "register int";
  for (; i < n; i += blockDim.x)
    acc += in[i];
  out[threadIdx.x] = acc + registers + register_count + (note != 0);
}
