// Lane and warp arithmetic fixed at 32 lanes; look-alikes that are fine stay silent.
#include <cuda_runtime.h>
#define WARP_SIZE 32 // expect HP2001
#define LANES_PER_WARP (32) // expect HP2001
#define kWarpLanes 32U // expect HP2001
#define TILE 32
#define WARP_NAME_LENGTH 320
#define NUM_WARPS 32
#define LANE_OF(t) ((t) & 31) // expect HP2001
#define WARPS_IN(bs) ((bs) / 32)
#define WARPS_OF_BLOCK (blockDim.x / 32) // expect HP2001

constexpr int kWarp = 32; // expect HP2001
static const unsigned warp_size = 32u; // expect HP2001
constexpr int kNumWarps = 32;
const int tileWidth = 32;
enum { LANES = 32, BLOCK = 256 }; // expect HP2001

template <int BLOCK_SIZE>
__global__ void lanes(int *out, int n, int blockSize) {
  int lane = threadIdx.x % 32; // expect HP2001
  int warp = threadIdx.x / 32; // expect HP2001
  int lane2 = threadIdx.x & 31; // expect HP2001
  int warp2 = threadIdx.x >> 5; // expect HP2001
  int nWarps = blockDim.x / 32; // expect HP2001
  int perBlock = blockSize / 32; // expect HP2001
  int tail = blockSize & 31; // expect HP2001
  int tmplWarps = BLOCK_SIZE / 32; // expect HP2001
  int shifted = BLOCK_SIZE >> 5; // expect HP2001
  int nextWarp = (threadIdx.x + 1) / 32; // expect HP2001
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int rows = (n + 1) / 32;             // a count in parentheses, not an index
  int call = min(n, threadIdx.x + 1) / 32; // a call's result
  int row = tid / TILE;                // a tile, not a warp
  int bytes = n * 32;                  // a multiplication by 32
  int block = blockIdx.x % 32;         // blocks, not lanes
  int wide = threadIdx.x % 320;        // not 32
  int words = n / 32;                  // a byte count, not an index
  int low = n & 31;                    // bits of a count, not a lane
  int grid = gridDim.x / 32;           // blocks of the grid
  // threadIdx.x % 32 in a comment is not code
  const char *note = "blockDim.x / 32";
  out[tid] = lane + warp + lane2 + warp2 + row + bytes + block + wide + (note != 0) + nWarps + perBlock + tail +
             tmplWarps + shifted + nextWarp + rows + call + words + low + grid + kWarp + warp_size + kNumWarps + tileWidth + LANES + BLOCK;
}
