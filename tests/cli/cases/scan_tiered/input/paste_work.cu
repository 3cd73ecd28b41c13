// Pasted into paste_main.cu, whose HOST macro it needs to parse, and pastes
// paste_kernel.cu in turn.
#include "paste_kernel.cu"

HOST(work) {
  scale<<<1, 64>>>(d);
  cudaDeviceSynchronize();
}
