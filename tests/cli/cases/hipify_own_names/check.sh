# hipify-clang renames by name: under its conventions the names the file defines
# itself (a #define's own name, a class) are renamed where they are defined and
# wherever they are used, so the file stays consistent. hipport translate
# leaves them all: they are the file's, not CUDA's.
set -e
grep -q '^#define __HIPCC__ 1$' "$TMP/k.hip"
grep -q '^class HIPContext {};$' "$TMP/k.hip"
grep -q '^#define REGISTER_HIP_OPERATOR(name, ...) int name##_registered = 1$' "$TMP/k.hip"
grep -q '^#ifdef __HIPCC__$' "$TMP/k.hip"
grep -q '^REGISTER_HIP_OPERATOR(Scale, HIPContext);$' "$TMP/k.hip"
"$HIPPORT" translate "$INPUT/k.cu" -o "$TMP/t.hip" 2> /dev/null
grep -q '^#define __CUDACC__ 1$' "$TMP/t.hip"
grep -q '^class CUDAContext {};$' "$TMP/t.hip"
grep -q '^#ifdef __CUDACC__$' "$TMP/t.hip"
grep -q '^REGISTER_CUDA_OPERATOR(Scale, CUDAContext);$' "$TMP/t.hip"
grep -q 'hipDeviceSynchronize' "$TMP/t.hip"
