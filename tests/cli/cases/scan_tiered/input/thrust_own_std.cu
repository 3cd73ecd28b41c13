#include <chrono>
#include <iostream>
#include <vector>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>

float total(const std::vector<float> &host) {
  auto start = std::chrono::steady_clock::now();
  thrust::device_vector<float> d(host.begin(), host.end());
  float s = thrust::reduce(d.begin(), d.end());
  std::cout << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << std::endl;
  return s;
}
