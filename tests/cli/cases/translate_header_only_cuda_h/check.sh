# A header whose only CUDA trace is `#include <cuda.h>` is a CUDA file: it is
# translated (HIP's runtime header in place of cuda.h), not copied as it is, so
# the port does not stop at "'cuda.h' file not found" (issue 13, item 4).
set -u
rc=0
bad() { echo "check.sh: $*"; rc=1; }
out=$TMP/out/hwt.h
[[ -f $out ]] || { echo "check.sh: hwt.h is missing from OUT"; exit 1; }
grep -q 'cuda\.h' "$out" && bad "hwt.h still includes cuda.h: $(grep -n 'cuda\.h' "$out")"
grep -q '^#include <hip/hip_runtime.h>$' "$out" || bad "hwt.h: no #include <hip/hip_runtime.h>"
grep -q '^#include <stdlib.h>$' "$out" || bad "hwt.h: <stdlib.h> was lost"
grep -q 'hwt_alloc' "$out" || bad "hwt.h: its helper was lost"
alone=$TMP/out/util/alone.h
grep -q '^#include <hip/hip_runtime.h>$' "$alone" || bad "util/alone.h, which no file includes, was not translated: $(cat "$alone")"
exit $rc
