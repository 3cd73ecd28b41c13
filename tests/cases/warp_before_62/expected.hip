#include <hip/hip_runtime.h>
__device__ float reduce(float v) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down(v, off);
  return v;
}
__global__ void vote(const int *in, unsigned long long *out, unsigned mask) {
  int p = in[threadIdx.x] > 0;
  unsigned long long b = __ballot(p);
  int any = __any(p);
  unsigned long long act = __ballot(1);
  __builtin_amdgcn_wave_barrier();
  float x = __shfl(1.0f, 0);
  if (threadIdx.x == 0) out[0] = b + any + act + (unsigned long long)x;
}
