// Ballot and activemask give 64 bits on AMD: a 32-bit integer loses half the lanes.
#include <cuda_runtime.h>
#include <stdint.h>
__global__ void votes(int *out, int p) {
  unsigned int b = __ballot_sync(0xffffffffu, p); // expect HP2003
  uint32_t a = __activemask(); // expect HP2003
  int c = __ballot_sync(a, p > 1); // expect HP2003
  unsigned long long wide = __ballot_sync(a, p > 2);
  auto kept = __activemask();
  unsigned int count = __popc(b);
  out[threadIdx.x] = b + a + c + (int)wide + (int)kept + count;
}
