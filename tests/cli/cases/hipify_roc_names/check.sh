# Under --roc hipify writes hipify-clang's rocBLAS names for the runtime's half
# types, and keeps hipStream_t: the MIOpen queue type is --miopen's alone.
set -e
grep -q '^void scale(rocblas_handle h, rocblas_half \*x, rocblas_bfloat16 \*y, int n) {$' "$TMP/k.hip"
grep -q '^  hipStream_t stream;$' "$TMP/k.hip"
