#include <cuda_runtime.h>
#include <nccl.h>

// NCCL from the toolkit's own nccl.h (CUDA 13 carries it): RCCL keeps its names.
int main() {
  ncclComm_t comm;
  int dev = 0;
  float *buf = nullptr;
  cudaMalloc(&buf, 1024 * sizeof(float));
  ncclCommInitAll(&comm, 1, &dev);
  ncclAllReduce(buf, buf, 1024, ncclFloat, ncclSum, comm, 0);
  ncclCommDestroy(comm);
  return cudaFree(buf);
}
