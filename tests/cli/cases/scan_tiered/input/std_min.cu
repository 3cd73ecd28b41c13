#include <cuda_runtime.h>

int smaller(int a, int b) { return std::min(a, b); }
