#include <cuda_fp16.h>

// A write of a __half2's member through a volatile pointer keeps the volatile
// in the wrap, as the parse's type says.
__global__ void clear(volatile half2 *v, __half_raw zero) { v->y = zero; }
