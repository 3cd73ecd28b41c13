// Names a lexical reading once took for CUDA's: locals and parameters named
// like CUDA's max, min, exp and the built-in gridDim and blockDim; and member
// reads it could not see, of variables declared with a CUDA type.
#include <cstdio>
#include <cuda_fp16.h>

#define CHECK_LAST

__device__ float clampf(float v, float lo, float hi) { return max(lo, min(v, hi)); }

__global__ void scale(const half2 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = clampf((float)in[i].x + (float)in[i].y, 0.0f, 1.0f);
}

static float largest(const float *xs, int n, float min) {
  float max = xs[0] > min ? xs[0] : min;
  for (int k = 1; k < n; k++)
    max = xs[k] > max ? xs[k] : max;
  return max;
}

static double spread(double exp) { return exp * 2.0; }

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("%d %d\n", prop.warpSize, prop.major);
  dim3 gridDim(4), blockDim(64);
  float *out;
  half2 *in;
  cudaMalloc(&out, 256 * sizeof(float));
  CHECK_LAST
  cudaMalloc(&in, 256 * sizeof(half2));
  scale<<<gridDim, blockDim>>>(in, out, 256);
  int a = 3, b = 4;
  int c = a * b;
  printf("%d %f %f\n", c, largest(out, 1, 0.0f), spread(1.0));
  return 0;
}
