# A --rules file's mappings are what translate writes: the project's wrapper and
# its own header get the names the file gives, the rest as hipport maps it.
set -e
grep -q 'myHipMalloc((void \*\*)&d' "$TMP/out/main.cu"
grep -q '#include "memory_hip.h"' "$TMP/out/main.cu"
grep -q 'inline hipError_t myHipMalloc(void \*\*p, size_t n) { return hipMalloc(p, n); }' "$TMP/out/memory.h"
! grep -q 'myCudaMalloc' "$TMP/out/main.cu" "$TMP/out/memory.h"
