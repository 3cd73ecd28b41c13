// Spaced chevrons, `k< < <g, b> > >(x)`, which nvcc takes and clang does not:
// the file still parses (no lexical fallback) and the port writes `<<<`/`>>>`.
// A template argument list closed by `> > >` is no launch and stays as it is.
#include <hip/hip_runtime.h>
#include <map>
#include <vector>
__global__ void fill(int *p) { p[threadIdx.x] = 1; }
template <typename T> __global__ void scale(T *p, T a) { p[threadIdx.x] *= a; }
std::map<int, std::vector<std::vector<int> > > sizes;
int main() {
  int *d;
  hipMalloc(&d, 64 * sizeof(int));
  hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, 0, d);
  hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, 0, d);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<int>), dim3(1), dim3(64), 0, 0, d, 2);
  hipDeviceSynchronize();
  return 0;
}
