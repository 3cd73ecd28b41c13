#include <cuda_runtime.h>
// café ÿþ
void f(void **p) { cudaMalloc(p, 8); }
