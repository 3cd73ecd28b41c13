#include <hip/hip_runtime.h>
int main() {
  hipDevice_t dev; hipCtx_t ctx; hipDeviceptr_t p;
  hipInit(0);
  hipDeviceGet(&dev, 0);
  hipDevicePrimaryCtxRetain(&ctx, dev);
  hipCtxSetCurrent(ctx);
  hipMalloc(&p, 256);
  hipFree(p);
  hipError_t r = hipDevicePrimaryCtxRelease(dev);
  return r == hipSuccess ? 0 : 1;
}
