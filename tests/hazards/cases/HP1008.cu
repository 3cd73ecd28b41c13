// Calls whose HIP counterpart takes another parameter list than CUDA 13's
// declaration (rules/data/signatures.csv): a person rewrites the arguments.
// hipport-args: --rocm 5.2
#include <cuda_runtime.h>

int main() {
  float *d, *h;
  cudaMallocManaged(&d, 64);
  cudaMemLocation loc;
  loc.type = cudaMemLocationTypeDevice;
  loc.id = 0;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMemPrefetchAsync(d, 64, loc, 0, s); // expect HP1008
  cudaMemAdvise(d, 64, cudaMemAdviseSetReadMostly, loc); // expect HP1008
  cudaStreamCaptureStatus status;
  cudaStreamGetCaptureInfo(s, &status); // expect HP1008
  cudaMallocHost(&h, 64); // HIP's template overload defaults the flags
  cudaEvent_t e;
  cudaEventCreate(&e);
  cudaStreamWaitEvent(s, e); // default_args.csv writes the flags
  cudaGraph_t g;
  cudaGraphExec_t x;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cudaStreamEndCapture(s, &g);
  cudaGraphInstantiate(&x, g, 0); // the flags overload: hipGraphInstantiateWithFlags
  cudaFree(d);
  return 0;
}
