#include <vector>
#include <local.h>
#include <algorithm>
void host(int *x) { cudaMemset(x, 0, LOCAL_VALUE); }
