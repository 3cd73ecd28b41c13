# Caffe2's CUDA operator headers become the HIP ones PyTorch's build provides,
# in place, as hipify-clang writes them.
set -e
grep -q '^#include "caffe2/operators/hip/spatial_batch_norm_op_miopen.hip"$' "$TMP/op.hip"
grep -q '^#include "caffe2/core/hip/common_miopen.h"$' "$TMP/op.hip"
grep -q 'hipDeviceSynchronize() == hipSuccess' "$TMP/op.hip"
