// A template whose body only an instantiation finds wrong: clang checks it
// when the file ends, nvcc only when a kernel calling it is compiled for a
// type it does not fit. Scanning reads the file's own code, which is whole.
#include <cstdio>

template <typename T>
__device__ void bump(T &v)
{
  v.field_0 += 1;
  v.field_1 += 1;
  v.field_2 += 1;
  v.field_3 += 1;
  v.field_4 += 1;
  v.field_5 += 1;
  v.field_6 += 1;
  v.field_7 += 1;
  v.field_8 += 1;
  v.field_9 += 1;
  v.field_10 += 1;
  v.field_11 += 1;
  v.field_12 += 1;
  v.field_13 += 1;
  v.field_14 += 1;
  v.field_15 += 1;
  v.field_16 += 1;
  v.field_17 += 1;
  v.field_18 += 1;
  v.field_19 += 1;
  v.field_20 += 1;
  v.field_21 += 1;
  v.field_22 += 1;
  v.field_23 += 1;
  v.field_24 += 1;
}

__global__ void kernel(int *out)
{
  int v = out[threadIdx.x];
  bump(v);
  out[threadIdx.x] = v;
}

int main()
{
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  kernel<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  return 0;
}
