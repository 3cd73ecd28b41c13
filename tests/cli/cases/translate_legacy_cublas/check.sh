# A call that resolves to legacy cublas.h's handle-less declaration stays as
# written, with an HP1001 error; the same name under cublas_v2.h (a macro for
# the _v2 function) is mapped.
set -e
grep -q '^  cublasSscal(16, 2.0f, x, 1);$' "$TMP/out/v1.cu"
grep -q 'float r = cublasSnrm2(16, x, 1);$' "$TMP/out/v1.cu"
if grep -q hipblasS "$TMP/out/v1.cu"; then exit 1; fi
grep -q '^  hipblasSscal(h, 16, &a, x, 1);$' "$TMP/out/v2.cu"
grep -q 'v1.cu:6:3: error: cublasSscal here is the one <cublas.h> declares, the legacy handle-less cuBLAS API.*\[HP1001 unsupported-api\]' "$ERR"
if grep -q 'v2.cu:.*cublasSscal' "$ERR"; then exit 1; fi
