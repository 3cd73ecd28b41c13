// NVTX ranges and marks with ASCII messages become roctx's; a user's own
// nvtxRange wrapper keeps its name.
#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>
struct nvtxRange {
  explicit nvtxRange(const char *name) { roctxRangePushA(name); }
  ~nvtxRange() { roctxRangePop(); }
};
__global__ void noop() {}
int main() {
  nvtxRange whole("main");
  roctxMarkA("start");
  roctxRangePushA("launch");
  noop<<<1, 1>>>();
  roctxRangePop();
  roctx_range_id_t sync = roctxRangeStartA("sync");
  int rc = hipDeviceSynchronize() != hipSuccess;
  roctxRangeStop(sync);
  roctxMarkA("done");
  return rc;
}
