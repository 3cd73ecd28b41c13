#include <cstdio>
#define RUN_CHECKED(launch) do { launch; if (cudaPeekAtLastError() != cudaSuccess) puts("launch failed"); } while (0)
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
void go(int *p) {
  fill<<<1, 64>>>(p, 1);
  RUN_CHECKED((fill<<<1, 64>>>(p, 2)));
}
