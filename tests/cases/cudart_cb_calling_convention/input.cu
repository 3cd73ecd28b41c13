#include <cuda_runtime.h>
#include <cstdio>
static void CUDART_CB on_done(void *msg) { puts((const char *)msg); }
void enqueue(cudaStream_t s) {
  cudaLaunchHostFunc(s, on_done, (void *)"done");
}
