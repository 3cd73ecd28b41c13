#include <cuda_fp16.h>

// Accesses of a __half2's members that translate wraps, each an HP2406 note
// that says what translate writes; one already wrapped is not reported.
__global__ void k(float *out, const __half2 *in, __half2 *io) {
  out[0] = (float)in->x;
  out[1] = (float)io[1].y;
  out[2] = (float)reinterpret_cast<half&>(io->x);
}
