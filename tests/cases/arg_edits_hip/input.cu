// HIP's occupancy call has no block-size callback; its driver entry point
// lookup takes the HIP version it wants; hipSPARSE's triangular solve takes a
// buffer the cuSPARSE call does not.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cusparse.h>
size_t smem_for(int block) { return (size_t)block * 4; }
void occupancy(CUfunction fn, int limit) {
  int grid = 0, block = 0;
  cuOccupancyMaxPotentialBlockSize(&grid, &block, fn, 0, 1024, limit);
  cuOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, fn, NULL, 0, limit, 0);
}
void *entry(const char *symbol) {
  void *pfn = nullptr;
  cudaDriverEntryPointQueryResult status;
  cudaGetDriverEntryPoint(symbol, &pfn, cudaEnableDefault, &status);
  return pfn;
}
void solve(cusparseHandle_t h, cusparseOperation_t op, const float *alpha, cusparseConstSpMatDescr_t a,
           cusparseConstDnMatDescr_t b, cusparseDnMatDescr_t c, cusparseSpSMDescr_t descr) {
  cusparseSpSM_solve(h, op, op, alpha, a, b, c, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, descr);
}
