// Names HIPIFY's tables lack: std, which the toolkit opens before the standard
// headers do (no CUDA name), and cuda_fp16.h's half and half2 (HIP has them too).
#include <chrono>
#include <cstdio>
#include <cuda.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
__global__ void k(int* p) { p[0] = 1; }
int main()
{
    auto t = std::chrono::steady_clock::now();
    auto u = std::chrono::duration_cast<std::chrono::nanoseconds>(t - t).count();
    printf("%d\n", (int)t.time_since_epoch().count());
}

#include <cuda_fp16.h>
__device__ half2 twice(half2 v) { half h = __low2half(v); return __hadd2(v, __halves2half2(h, h)); }
