#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <vector>

float total(const std::vector<float> &host) {
  thrust::device_vector<float> d(host.begin(), host.end());
  return thrust::reduce(d.begin(), d.end());
}
