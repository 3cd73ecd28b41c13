#include <hip/hip_runtime.h>
#include <cstdio>
#define RUN_CHECKED(launch) do { launch; if (hipPeekAtLastError() != hipSuccess) puts("launch failed"); } while (0)
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
void go(int *p) {
  hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, 0, p, 1);
  RUN_CHECKED((fill<<<1, 64>>>(p, 2)));
}
