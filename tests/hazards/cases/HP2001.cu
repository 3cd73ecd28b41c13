// Lane and warp arithmetic fixed at 32 lanes; look-alikes that are fine stay silent.
#include <cuda_runtime.h>
#define WARP_SIZE 32 // expect HP2001
#define LANES_PER_WARP (32) // expect HP2001
#define TILE 32
#define WARP_NAME_LENGTH 320

__global__ void lanes(int *out, int n) {
  int lane = threadIdx.x % 32; // expect HP2001
  int warp = threadIdx.x / 32; // expect HP2001
  int lane2 = threadIdx.x & 31; // expect HP2001
  int warp2 = threadIdx.x >> 5; // expect HP2001
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int row = tid / TILE;                // a tile, not a warp
  int bytes = n * 32;                  // a multiplication by 32
  int block = blockIdx.x % 32;         // blocks, not lanes
  int wide = threadIdx.x % 320;        // not 32
  // threadIdx.x % 32 in a comment is not code
  const char *note = "threadIdx.x % 32";
  out[tid] = lane + warp + lane2 + warp2 + row + bytes + block + wide + (note != 0);
}
