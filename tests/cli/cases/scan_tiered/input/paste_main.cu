#include <cstdio>
#include <math.h>
#include <cuda_runtime.h>

typedef float Real;
#define USE_FAST 1
#define KERNEL(name) __global__ void name(Real *d)
#define HOST(name) void name(Real *d)
using namespace std;
#include "paste_opts.cu"
#include "paste_work.cu"
#include "paste_math.cu"
#include "paste_swap.cu"

int main() {
  Real *d;
  cudaMalloc(&d, 64 * sizeof(Real));
  work(d);
  opts(d);
  scaled(d);
  swapped(d);
  cudaFree(d);
  return 0;
}
