// A kernel launched from device code; host launches are fine.
#include <cuda_runtime.h>
__global__ void child(int *v) { v[threadIdx.x] = 1; }
__global__ void parent(int *v) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(v); // expect HP2302
}
__host__ __device__ int twice(int x) { return 2 * x; }
int main() {
  int *v;
  cudaMalloc(&v, 64 * sizeof(int));
  child<<<1, 32>>>(v);
  parent<<<1, 1>>>(v);
  cudaDeviceSynchronize();
  return twice(0);
}
