# Under --backend roc the legacy header's own cublasInit (cublas_v2.h has no
# cublasInit_v2) maps to rocblas_initialize, while cublasSscal, which cublas_v2.h
# has as cublasSscal_v2, stays as written with HP1001.
set -e
grep -q '^  rocblas_initialize();$' "$TMP/out/v1.cu"
grep -q '^  cublasSscal(16, 2.0f, x, 1);$' "$TMP/out/v1.cu"
grep -q 'v1.cu:6:3: error: cublasSscal here is the one <cublas.h> declares.*\[HP1001 unsupported-api\]' "$ERR"
if grep -q 'cublasInit here' "$ERR"; then exit 1; fi
