// progE pastes work.cu, which pastes step.cu (rodinia's myocyte: main, work, solver, kernels)
typedef float fp;
#define BOUNDS __launch_bounds__(64)
#include "work.cu"

int main() {
  fp *d = nullptr;
  cudaMalloc(&d, 64 * sizeof(fp));
  work(d);
  return cudaFree(d);
}
