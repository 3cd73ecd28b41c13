#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
struct S { int warpSize; };
int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int w = prop.warpSize, n = prop.maxThreadsPerBlock;
  static_assert(sizeof(int) == 4, "int");
  int a[32 * 2];
  cg::thread_block b = cg::this_thread_block();
  std::sqrt(2.0);
  return w + n + a[0] + b.size();
}
