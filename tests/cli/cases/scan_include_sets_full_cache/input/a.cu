// a.cu opens with the same block as the other file: one PCH for both, cache room allowing
#include <vector>
#include <cstdio>

__global__ void k_a(float *p) { p[threadIdx.x] = 1.0f; }

int main() {
  std::vector<float> h(32);
  float *d = nullptr;
  cudaMalloc(&d, h.size() * sizeof(float));
  k_a<<<1, 32>>>(d);
  cudaMemcpy(h.data(), d, h.size() * sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("%f\n", h[0]);
  return cudaFree(d);
}
