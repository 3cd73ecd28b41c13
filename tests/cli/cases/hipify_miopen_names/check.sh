# Under --miopen the runtime's stream type becomes MIOpen's queue type too, as
# hipify-clang writes it; the half types get their rocBLAS names as under --roc.
set -e
grep -q '^  miopenAcceleratorQueue_t stream;$' "$TMP/k.hip"
grep -q 'rocblas_half \*x, rocblas_bfloat16 \*y' "$TMP/k.hip"
