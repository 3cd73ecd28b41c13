// a .cpp whose code is CUDA
__global__ void twice(float *p) { p[threadIdx.x] *= 2.0f; }
