#include <cstdio>
#include <cuda_runtime.h>
namespace s = std;
int main() {
  int m = s::min(3, 4);
  cudaDeviceSynchronize();
  printf("%d\n", m);
  return 0;
}
