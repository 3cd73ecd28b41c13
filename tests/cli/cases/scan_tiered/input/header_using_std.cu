#include <cuda_runtime.h>
#include "std_everywhere.h"

int smaller(int a, int b) { return min(a, b); }
