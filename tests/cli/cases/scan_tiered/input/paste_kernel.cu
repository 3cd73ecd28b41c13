// KERNEL and Real are paste_main.cu's: alone, this does not parse.
KERNEL(scale) { d[threadIdx.x] *= 2.0f; }

static bool bad(Real x) { return isnan(x); }
