int x = 0 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1;
__global__ void k(
#include
"unterminated
<<<>>>
