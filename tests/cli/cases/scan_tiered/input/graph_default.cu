#include <cuda_runtime.h>

// cudaGraphInstantiate's flags default to 0 since CUDA 12: a call of two
// arguments is the declaration of three, whose HIP form takes the flags.
int main() {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaGraphCreate(&graph, 0);
  cudaGraphInstantiate(&exec, graph);
  return cudaGraphLaunch(exec, 0);
}
