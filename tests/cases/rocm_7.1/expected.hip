// One program for three ROCm targets: warp shuffles sized by warpSize in
// constant expressions, hipBLAS calls whose HIP names changed in ROCm 7.0, a
// memset node filled by position, and a standard name that only the CUDA
// headers brought in.
#include <hip/hip_runtime.h>
#ifndef HIPPORT_WAVE_SIZE
// hipport: warpSize is no constant expression from ROCm 7.0: the wave size of the GPU compiled for
#if defined(__GFX10__) || defined(__GFX11__) || defined(__GFX12__)
#define HIPPORT_WAVE_SIZE 32
#else
#define HIPPORT_WAVE_SIZE 64
#endif
#endif
#include <cmath>
#include <cstdio>
#include <hipblas/hipblas.h>

#define BLOCK 256

template <int WARPS>
__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[BLOCK / HIPPORT_WAVE_SIZE];
  static_assert(BLOCK % HIPPORT_WAVE_SIZE == 0, "whole warps per block");
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffffffffffull, v, off);
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (int w = 0; w < WARPS; w++)
      s += partial[w];
    out[blockIdx.x] = s;
  }
}

static bool all_finite(const float *h, int n) {
  for (int i = 0; i < n; i++)
    if (!std::isfinite(h[i]))
      return false;
  return true;
}

int scale(hipblasHandle_t handle, int n, hipComplex *x, hipComplex *y) {
  const hipComplex alpha = make_hipComplex(2.0f, 0.0f);
  float norm = 0.0f;
  hipblasStatus_t st = hipblasCaxpy(handle, n, &alpha, x, 1, y, 1);
  if (st == HIPBLAS_STATUS_SUCCESS)
    st = hipblasScnrm2(handle, n, y, 1, &norm);
  return st == HIPBLAS_STATUS_SUCCESS && norm > 0.0f;
}

int run(const float *d_in, float *d_out, int n, hipGraph_t graph) {
  int blocks = (n + BLOCK - 1) / BLOCK;
  block_sum<BLOCK / HIPPORT_WAVE_SIZE><<<blocks, BLOCK>>>(d_in, d_out, n);
  if (hipGetLastError() != hipSuccess)
    return 1;
  hipGraphNode_t node;
  hipMemsetParams clear = {d_out, 0, 0, sizeof(float), (size_t)blocks, 1};
  hipGraphAddMemsetNode(&node, graph, NULL, 0, &clear);
  float h[1] = {0.0f};
  hipMemcpy(h, d_out, sizeof h, hipMemcpyDeviceToHost);
  printf("%s\n", all_finite(h, 1) ? "finite" : "not finite");
  return 0;
}
