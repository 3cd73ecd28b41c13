// The includer brings in what dot.h uses: cuda_fp16.h first, then a header
// whose kernel makes the tree's first call of __syncthreads.
#include <cstdio>
#include <cuda_fp16.h>
#include "settle.cuh"
#include "dot.h"

int main() {
  half2 *a, *b;
  float *out;
  cudaMalloc(&a, 64 * sizeof(half2));
  cudaMalloc(&b, 64 * sizeof(half2));
  cudaMalloc(&out, 64 * sizeof(float));
  dot<<<1, 64>>>(a, b, out);
  settle<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
