// HIP's bit counts return unsigned int (CUDA's: int): braces make that a narrowing error.
#include <cuda_runtime.h>
struct Votes { int count; int first; };
__global__ void count(Votes *out, unsigned int mask, unsigned long long wide) {
  Votes v = { __popc(mask), __ffs(mask) }; // expect HP2401
  Votes w{__popcll(wide), 0}; // expect HP2401
  int lanes[2] = {0, __ffsll(wide)}; // expect HP2401
  int plain = __popc(mask);
  Votes cast = {(int)__popc(mask), 1};
  unsigned int kept = __ffs(mask);
  if (mask) {
    out[1].count = __popc(mask) + plain + (int)kept;
  } else {
    out[2] = Votes{(int)__popc(mask), 0};
  }
  out[0] = v;
  out[3] = w;
  out[4].first = lanes[1] + cast.count;
}
