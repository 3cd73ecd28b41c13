// Shared arrays with one slot per warp, sized for 32 lanes.
#include <cuda_runtime.h>
#define THREADS 256
__global__ void partials(float *out) {
  __shared__ float per_warp[32]; // expect HP2004
  __shared__ float sums[THREADS / 32]; // expect HP2004
  __shared__ int counts[(THREADS / 32)]; // expect HP2004
  __shared__ float tile[16][33];        // a padded tile, not per warp
  __shared__ float block_data[THREADS];
  __shared__ float wide[320];
  float local[32];                      // not shared
  per_warp[0] = sums[0] = counts[0] = tile[0][0] = block_data[0] = wide[0] = local[0] = 1;
  out[threadIdx.x] = per_warp[threadIdx.x % 8];
}
