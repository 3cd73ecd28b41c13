#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

// WMMA's fragment, matrix_a and row_major: mma.h's, no rule's.
__global__ void load(const half *a) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> frag;
  wmma::load_matrix_sync(frag, a, 16);
}
