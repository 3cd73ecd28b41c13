// warpSize where C++ requires a constant expression: from ROCm 7.0 warpSize is
// no constant expression (as in CUDA), so each marked line fails to compile
// there; run-time uses of warpSize beside them stay right on every release.
// hipport-args: --rocm 7.1
#include <cuda_runtime.h>
#define BLOCK 256
template <int W> __device__ int lanes() { return W; }
template <int N> struct Tile { float v[N]; };
__global__ void __launch_bounds__(8 * warpSize) sums(float *out, int n) { // expect HP2006
  __shared__ float per_warp[BLOCK / warpSize]; // expect HP2006
  static_assert(BLOCK % warpSize == 0, "whole warps per block"); // expect HP2006
  constexpr int warps = BLOCK / warpSize; // expect HP2006
  Tile<warpSize> tile; // expect HP2006
  int w = lanes<warpSize>(); // expect HP2006
  switch (n) {
  case warpSize: // expect HP2006
    break;
  }
  if constexpr (warpSize == 64) // expect HP2006
    n++;
  int lane = threadIdx.x % warpSize;
  for (int off = warpSize / 2; off > 0; off /= 2)
    n += off;
  per_warp[threadIdx.x / warpSize] = lane + tile.v[0] + w + warps;
  bool small = lane < warpSize && n > 2;
  out[n % warpSize] = per_warp[0] + small;
}
