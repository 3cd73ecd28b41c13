// Host code that uses OpenMP beside the kernels (rodinia's kmeans): nvcc finds
// gcc's omp.h; the parse needs clang's (Debian's libomp-16-dev).
#include <omp.h>
#include <cstdio>

__global__ void square(float *p) { p[threadIdx.x] *= p[threadIdx.x]; }

int main() {
  float h[64];
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < 64; i++)
    h[i] = (float)i;
  std::printf("%d threads\n", omp_get_max_threads());
  float *d = nullptr;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  square<<<1, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  return 0;
}
