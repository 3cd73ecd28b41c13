// Runtime API: memory, streams, events, errors; comments and layout stay.
#include <hip/hip_runtime.h>
#include <cstdio>

int main() {
  float *d = nullptr;   /* device buffer */
  hipStream_t stream;
  hipEvent_t start, stop;
  hipError_t err = hipMalloc((void **)&d, 1024);
  if (err != hipSuccess) { printf("%s\n", hipGetErrorString(err)); return 1; }
  hipStreamCreateWithFlags(&stream, hipStreamNonBlocking);
  hipEventCreate(&start); hipEventCreate(&stop);
  hipEventRecord(start, stream);
  hipMemsetAsync(d, 0, 1024, stream);
  hipEventRecord(stop, stream);
  hipEventSynchronize(stop);
  float ms = 0; hipEventElapsedTime(&ms, start, stop);
  hipMemcpyKind kind = hipMemcpyDeviceToHost;
  (void)kind;
  hipFree(d);
  hipStreamDestroy(stream);
  return 0;
}
