// Cache-hinted loads and stores: HIP 5.2 has __ldcs, __ldcg and __ldca for
// __half and __half2 only, and no __ldlu, __ldcv or __st*. Elsewhere the call
// becomes the access: nontemporal for the streaming hints on scalars, plain
// otherwise; a template's T gets the plain access, valid for every type.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

__global__ void stream(const float *in, float *out, const float4 *in4, float4 *out4, const __half *h, __half *ho,
                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = __ldcs(in + i);
  float y = __ldcg(&in[i]) + __ldlu(in);
  float4 v = __ldcs(in4 + i);
  float z = __ldca(in4 + i).x + __ldcv(in);
  __stcs(out + i, x + y + z);
  __stcg(out4 + i, v);
  __stwb(&out[0], __ldcs(in));
  __stwt(out, 1.0f);
  ho[i] = __ldcs(h + i);
  __stcs(ho + i, __float2half(x));
}

template <typename T>
__device__ void copy(const T *src, T *dst, int i) {
  __stcs(dst + i, __ldcs(src + i));
}
