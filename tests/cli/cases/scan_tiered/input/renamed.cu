#include <cuda_runtime.h>
#include "renames.h"

void wait_all() { cudaDeviceSynchronize(); }
