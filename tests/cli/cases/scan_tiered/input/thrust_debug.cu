#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/sort.h>

// DEBUG_SORT is defined by no header thrust/sort.h reaches, its computed
// includes followed: the branch is dead without a parse.
int main() {
  size_t n = 1024;
  thrust::device_vector<int> v(n);
  thrust::sort(v.begin(), v.end());
#ifdef DEBUG_SORT
  printf("sorted %zu\n", n);
#endif
  cudaDeviceSynchronize();
  return 0;
}
