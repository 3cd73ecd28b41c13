#include <cuda_runtime.h>
#include "not_written_yet.h"

void clear(float *x, int n) { cudaMemset(x, 0, n * sizeof(float)); }
