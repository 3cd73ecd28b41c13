#include <cuda_runtime.h>

// A class of the project's own named like Caffe2's CUDAContext: a parse tells
// the declaration from a use of the CUDA name.
class CUDAContext {
 public:
  int device = 0;
};

int main() {
  CUDAContext context;
  return cudaSetDevice(context.device);
}
