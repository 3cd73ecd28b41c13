#include <cuda_fp16.h>

// __half2 member reads in expressions a macro starts, ends or holds: the tree
// under a macro's expansion is read for what the file itself spells there.
#define TWICE(v) (2.0f * (v))
#define LOW(h) ((float)(h).x)

__global__ void k(const __half2 *in, float *out) {
  out[0] = TWICE(1.0f) + (float)in[0].y;
  out[1] = (float)in[1].y + TWICE(1.0f);
  out[2] = TWICE((float)in[2].x);
  out[3] = LOW(in[3]);
}
