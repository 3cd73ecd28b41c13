#include <cuda_runtime.h>
using namespace std;

int smaller(int a, int b) { return min(a, b); }
