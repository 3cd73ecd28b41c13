#include "util/cuda/cuda.h"
__global__ void noop() {}
int main() { noop<<<1, 1>>>(); return PROGC_CHECK(0); }
