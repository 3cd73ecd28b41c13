// Spaced chevrons, `k< < <g, b> > >(x)`, which nvcc takes and clang does not:
// the file still parses (no lexical fallback) and the port writes `<<<`/`>>>`.
// A template argument list closed by `> > >` is no launch and stays as it is.
#include <map>
#include <vector>
#include <cuda_runtime.h>
__global__ void fill(int *p) { p[threadIdx.x] = 1; }
template <typename T> __global__ void scale(T *p, T a) { p[threadIdx.x] *= a; }
std::map<int, std::vector<std::vector<int> > > sizes;
int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  fill< < <1, 64> > >(d);
  fill<<< 1, 64 >>>(d);
  scale<int>< <	<dim3(1), 64, 0> >  >(d, 2);
  cudaDeviceSynchronize();
  return 0;
}
