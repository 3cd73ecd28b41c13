#include <cuda_fp16.h>
#include <cstdio>

int main() {
  half2 t = __float2half2_rn(1.5f);
  t.y = __float2half(-2.25f);
  printf("%.2f %.2f\n", (float)t.x, (float)t.y);
  return 0;
}
