// Only parses inside the file that includes it: PI comes from there.
__device__ float scale(float x) { return x * PI; }
__global__ void k(float *p) { p[threadIdx.x] = scale(p[threadIdx.x]); }
