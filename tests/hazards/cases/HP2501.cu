// A C++ standard name the file has only because the CUDA headers included its
// header: HIP's headers stop doing that in ROCm 7.0. One finding per name, at
// its first use; a header the file includes itself, and its own names, are fine.
#include <cuda_runtime.h>
#include <cstdio>
static bool usable(double x) { return std::isfinite(x); } // expect HP2501
static bool both_finite(double x, double y) { return std::isfinite(x) && usable(y); }
int main() {
  double x = 1.0;
  printf("%d\n", both_finite(x, x) ? 1 : 0);
  return 0;
}
