#include <vector>
#include <cuda_runtime.h>
using namespace std;

int count(const vector<float> &v) {
  float *d;
  cudaMalloc(&d, v.size() * sizeof(float));
  cudaFree(d);
  return (int)v.size();
}
