// rocSPARSE takes some cuSPARSE calls' arguments in another shape: a policy
// becomes rocSPARSE's own, an analysis call gains a solve policy, a batch
// stride is the batch count again, a buffer size is size_t, not int.
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>
rocsparse_status factor(rocsparse_handle h, int m, int nnz, rocsparse_mat_descr d, double *val, const int *rows,
                        const int *cols, rocsparse_mat_info info, rocsparse_solve_policy policy, void *buffer) {
  rocsparse_dcsrilu0_analysis(h, m, nnz, d, val, rows, cols, info, rocsparse_analysis_policy_force, rocsparse_solve_policy_auto, buffer);
  return rocsparse_dcsrilu0(h, m, nnz, d, val, rows, cols, info, rocsparse_solve_policy_auto, buffer);
}
void batch(rocsparse_handle h, int algo, int m, double *dl, double *d, double *du, double *x, int count, void *buf) {
  rocsparse_dgtsv_interleaved_batch(h, algo, m, dl, d, du, x, count, count, buf);
}
void size(rocsparse_handle h, int m, int nnz, rocsparse_mat_descr d, double *val, const int *rows, const int *cols,
          rocsparse_mat_info info, int *bytes) {
  rocsparse_dcsric0_buffer_size(h, m, nnz, d, val, rows, cols, info, reinterpret_cast<size_t*>(bytes));
}
// Sixteen arguments: the policy is the fifteenth.
void solve(rocsparse_handle h, int mb, int nnzb, const double *alpha, rocsparse_mat_descr d, const double *val,
           const int *rows, const int *cols, int dim, rocsparse_mat_info info, const double *f, double *x, void *buf) {
  rocsparse_dbsrsv_solve(h, rocsparse_direction_row, rocsparse_operation_none, mb, nnzb, alpha, d, val, rows,
                        cols, dim, info, f, x, rocsparse_solve_policy_auto, buf);
}
