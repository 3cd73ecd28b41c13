#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>

// HIP declares half2's x and y as unsigned short: each read or write of them
// is wrapped so it sees a half, as CUDA's did.
__global__ void kernel(float *o, half2 *p) {
  half2 t = p[0];
  o[0] = (float)t.x + __half2float(p[1].y);
  __half2 u = t;
  u.x = t.y;
  o[1] = (float)reinterpret_cast<half&>(u.x); // already wrapped: left alone
  float2 f2 = make_float2(1, 2);
  o[2] = f2.x; // not a half2: left alone
}

int main() {
  half2 t = __float2half2_rn(1.5f);
  printf("%.1f %.1f\n", (float)t.x, (float)t.y);
  return 0;
}
