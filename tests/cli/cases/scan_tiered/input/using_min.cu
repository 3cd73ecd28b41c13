#include <cuda_runtime.h>

// std::min comes only through the CUDA headers here: the parse reports it.
using std::min;

int smaller(int a, int b) { return min(a, b); }
