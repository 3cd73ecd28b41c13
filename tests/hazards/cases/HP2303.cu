// CUDA graphs and stream capture; a user's own graph type is fine.
#include <cuda_runtime.h>
struct MyGraph { int nodes; };
__global__ void step(float *v) { v[threadIdx.x] += 1; }
void run(float *v, cudaStream_t s) {
  cudaGraph_t graph; // expect HP2303
  cudaGraphExec_t exec; // expect HP2303
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal); // expect HP2303
  step<<<1, 32, 0, s>>>(v);
  cudaStreamEndCapture(s, &graph); // expect HP2303
  cudaGraphInstantiate(&exec, graph, 0); // expect HP2303
  cudaGraphLaunch(exec, s); // expect HP2303
  MyGraph mine = {0};
  const char *name = "cudaGraphLaunch";
  (void)mine; (void)name;
}
