/* the same block, other comments */
#include <vector>
#include <algorithm>
#include <map>
#define SCALE 2
__global__ void scale(float *x) { x[threadIdx.x] *= SCALE; }
void run(float *x, cudaStream_t s) {
  scale<<<1, 64, 0, s>>>(x);
  cudaStreamSynchronize(s);
}
