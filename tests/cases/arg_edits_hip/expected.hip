// HIP's occupancy call has no block-size callback; its driver entry point
// lookup takes the HIP version it wants; hipSPARSE's triangular solve takes a
// buffer the cuSPARSE call does not.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>
size_t smem_for(int block) { return (size_t)block * 4; }
void occupancy(hipFunction_t fn, int limit) {
  int grid = 0, block = 0;
  hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, fn, 1024, limit);
  hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, fn, 0, limit, 0);
}
void *entry(const char *symbol) {
  void *pfn = nullptr;
  hipDriverEntryPointQueryResult status;
  hipGetProcAddress(symbol, &pfn, 701, hipEnableDefault, &status);
  return pfn;
}
void solve(hipsparseHandle_t h, hipsparseOperation_t op, const float *alpha, hipsparseConstSpMatDescr_t a,
           hipsparseConstDnMatDescr_t b, hipsparseDnMatDescr_t c, hipsparseSpSMDescr_t descr) {
  hipsparseSpSM_solve(h, op, op, alpha, a, b, c, HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, descr, nullptr);
}
