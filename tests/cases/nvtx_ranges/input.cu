// NVTX ranges and marks with ASCII messages become roctx's; a user's own
// nvtxRange wrapper keeps its name.
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
struct nvtxRange {
  explicit nvtxRange(const char *name) { nvtxRangePushA(name); }
  ~nvtxRange() { nvtxRangePop(); }
};
__global__ void noop() {}
int main() {
  nvtxRange whole("main");
  nvtxMarkA("start");
  nvtxRangePush("launch");
  noop<<<1, 1>>>();
  nvtxRangePop();
  nvtxRangeId_t sync = nvtxRangeStartA("sync");
  int rc = cudaDeviceSynchronize() != cudaSuccess;
  nvtxRangeEnd(sync);
  nvtxMark("done");
  return rc;
}
