#include <cuda.h>
int main() {
  CUdevice dev; CUcontext ctx; CUdeviceptr p;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuDevicePrimaryCtxRetain(&ctx, dev);
  cuCtxSetCurrent(ctx);
  cuMemAlloc(&p, 256);
  cuMemFree(p);
  CUresult r = cuDevicePrimaryCtxRelease(dev);
  return r == CUDA_SUCCESS ? 0 : 1;
}
