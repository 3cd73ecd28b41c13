#include <cmath>
#include <cstdio>
#include <type_traits>
#include <cooperative_groups.h>
#include "vec4.h"

namespace cg = cooperative_groups;
using Count = std::common_type<int, long>::type;

// Vec4::size is the project's and std::common_type<...>::type std's, though
// cooperative groups' headers declare a size and a type of their own.
__global__ void fill(float *out) {
  cg::thread_block block = cg::this_thread_block();
  out[block.thread_rank()] = Vec4::size;
}

int main() {
  Count n = Vec4::size;
  float *d = nullptr;
  cudaMalloc(&d, n * sizeof(float));
  fill<<<1, Vec4::size>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  printf("%ld\n", (long)n);
  return 0;
}
