// rocSPARSE takes some cuSPARSE calls' arguments in another shape: a policy
// becomes rocSPARSE's own, an analysis call gains a solve policy, a batch
// stride is the batch count again, a buffer size is size_t, not int.
#include <cusparse.h>
cusparseStatus_t factor(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, double *val, const int *rows,
                        const int *cols, csrilu02Info_t info, cusparseSolvePolicy_t policy, void *buffer) {
  cusparseDcsrilu02_analysis(h, m, nnz, d, val, rows, cols, info, policy, buffer);
  return cusparseDcsrilu02(h, m, nnz, d, val, rows, cols, info, policy, buffer);
}
void batch(cusparseHandle_t h, int algo, int m, double *dl, double *d, double *du, double *x, int count, void *buf) {
  cusparseDgtsvInterleavedBatch(h, algo, m, dl, d, du, x, count, buf);
}
void size(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, double *val, const int *rows, const int *cols,
          csric02Info_t info, int *bytes) {
  cusparseDcsric02_bufferSize(h, m, nnz, d, val, rows, cols, info, bytes);
}
// Sixteen arguments: the policy is the fifteenth.
void solve(cusparseHandle_t h, int mb, int nnzb, const double *alpha, cusparseMatDescr_t d, const double *val,
           const int *rows, const int *cols, int dim, bsrsv2Info_t info, const double *f, double *x, void *buf) {
  cusparseDbsrsv2_solve(h, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, mb, nnzb, alpha, d, val, rows,
                        cols, dim, info, f, x, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
}
