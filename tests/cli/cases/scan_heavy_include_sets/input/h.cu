/* <stdio.h> may be a project's header for all a name tells: the block keeps
 * its order, and h.cu shares it whole with the other file that opens so */
#include <stdio.h>
#include <cooperative_groups.h>

__global__ void k_h(int *x) {
  cooperative_groups::this_thread_block().sync();
  x[threadIdx.x] = 1;
}
