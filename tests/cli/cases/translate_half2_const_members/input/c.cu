#include <cuda_fp16.h>
#include <cstdio>

// Reads of a __half2's x and y through a const pointer, a const reference and a
// const variable, and a write through a volatile pointer.
__global__ void sum(float *out, const __half2 *in) {
  const __half2 h = in[threadIdx.x];
  out[threadIdx.x] = (float)in->x + (float)in[1].y + (float)h.y;
}

static float first(const half2 &v) { return (float)v.x; }

int main() {
  const half2 t = __floats2half2_rn(1.5f, -2.25f);
  half2 m = t;
  const half2 *p = &m;
  volatile half2 *vp = &m;
  __half_raw half_of_one;
  half_of_one.x = 0x3800;
  vp->y = half_of_one;
  printf("%.2f %.2f %.2f\n", first(t), (float)t.y, (float)p->y);
  return 0;
}
