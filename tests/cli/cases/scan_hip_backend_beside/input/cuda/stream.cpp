// the CUDA backend, in a .cpp: CUDA for its __global__
__global__ void scale(float *a) { a[threadIdx.x] *= 2.0f; }
void run(float *a) { scale<<<1, 64>>>(a); }
