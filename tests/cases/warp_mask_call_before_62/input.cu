#include <cuda_runtime.h>
// Found by fuzz/fuzz_plan_apply: the mask argument a legacy call drops takes the
// rewrite of the call inside it along (it gave __ballot(__ballot(1), v > 0)).
__device__ unsigned votes(float v) {
  unsigned m = __ballot_sync(__activemask(), v > 0);
  return m + __activemask();
}
