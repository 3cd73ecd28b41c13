// Cache-hinted loads and stores: HIP 5.2 has __ldcs, __ldcg and __ldca for
// __half and __half2 only, and no __ldlu, __ldcv or __st*. Elsewhere the call
// becomes the access: nontemporal for the streaming hints on scalars, plain
// otherwise; a template's T gets the plain access, valid for every type.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

__global__ void stream(const float *in, float *out, const float4 *in4, float4 *out4, const __half *h, __half *ho,
                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = __builtin_nontemporal_load(in + i);
  float y = *(&in[i]) + __builtin_nontemporal_load(in);
  float4 v = *(in4 + i);
  float z = (*(in4 + i)).x + *in;
  __builtin_nontemporal_store(x + y + z, out + i);
  *(out4 + i) = v;
  *(&out[0]) = __builtin_nontemporal_load(in);
  *out = 1.0f;
  ho[i] = __ldcs(h + i);
  *(ho + i) = __float2half(x);
}

template <typename T>
__device__ void copy(const T *src, T *dst, int i) {
  *(dst + i) = *(src + i);
}
