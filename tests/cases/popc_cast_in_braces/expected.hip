// HIP's __popc and __ffs give unsigned int: in an int's braces that narrows, so
// translate writes the cast; a call already cast, or outside braces, stays.
#include <hip/hip_runtime.h>
struct Votes { int count; int first; };
__global__ void vote(Votes *out, unsigned int mask) {
  Votes v = { (int)__popc(mask), (int)__ffs(mask) };
  int lanes[2] = {0, (int)__popcll(0xffull)};
  Votes kept = {(int)__popc(mask), 1};
  int plain = __popc(mask);
  out[0] = v;
  out[1] = kept;
  out[2].count = lanes[1] + plain;
}
