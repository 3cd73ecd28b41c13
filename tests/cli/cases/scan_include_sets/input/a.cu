// a file that opens with the same block as b.cu
#include <vector>
#include <algorithm>   // std::sort
#include <map>

#ifdef NEVER
__global__ void off() { cudaDeviceReset(); }
#endif
__global__ void sum(int *x) {
  x[threadIdx.x] += __shfl_down_sync(0xffffffff, x[threadIdx.x], 16);
}
int main() {
  std::vector<int> v(8);
  std::sort(v.begin(), v.end());
  int *d;
  cudaMalloc(&d, 32);
  sum<<<1, 32>>>(d);
  return (int)cudaDeviceSynchronize();
}
