#include <cuda_runtime.h>
#include "nowhere.h"

void f() { cudaDeviceSynchronize(); }
