#include <stdio.h>
#include "main.h"

void report(void) {
  int v = 0;
  cudaRuntimeGetVersion(&v);
  printf("runtime %d\n", v);
}
