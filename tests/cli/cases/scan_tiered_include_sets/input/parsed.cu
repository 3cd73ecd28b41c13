// The same block; a host isnan, whose HIP name depends on where it is called.
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

bool any_nan(const std::vector<float> &v) {
  return std::any_of(v.begin(), v.end(), [](float x) { return isnan(x); });
}
