#include "caffe2/operators/spatial_batch_norm_op.h"
#include "caffe2/core/common_cudnn.h"
#include <cuda_runtime.h>

int main() { return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1; }
