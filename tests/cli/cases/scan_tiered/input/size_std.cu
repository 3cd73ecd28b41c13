#include <cstdio>
#include <cuda_runtime.h>

using namespace std;

// size_t is the C library's: std::size_t names the same type.
int main() {
  size_t bytes = 0;
  cudaMemGetInfo(&bytes, nullptr);
  printf("%zu\n", bytes);
  return 0;
}
