// Runtime API: memory, streams, events, errors; comments and layout stay.
#include <cuda_runtime.h>
#include <cstdio>

int main() {
  float *d = nullptr;   /* device buffer */
  cudaStream_t stream;
  cudaEvent_t start, stop;
  cudaError_t err = cudaMalloc((void **)&d, 1024);
  if (err != cudaSuccess) { printf("%s\n", cudaGetErrorString(err)); return 1; }
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaEventCreate(&start); cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  cudaMemsetAsync(d, 0, 1024, stream);
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float ms = 0; cudaEventElapsedTime(&ms, start, stop);
  cudaMemcpyKind kind = cudaMemcpyDeviceToHost;
  (void)kind;
  cudaFree(d);
  cudaStreamDestroy(stream);
  return 0;
}
