#include <cstdio>
#include <cuda_runtime.h>

using namespace std;

int main() {
  int exp = 3; // a local declaration hides std::exp, which the using would bring
  char log[16];
  snprintf(log, sizeof log, "%d", exp);
  cudaDeviceSynchronize();
  printf("%s\n", log);
  return 0;
}
