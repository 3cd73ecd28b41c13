#include <cuda_runtime.h>
#include "lib.h"
#include "lib_compat.h"

void run(cudaStream_t s) { cudaStreamSynchronize(s); }
