#define PLATFORM_HEADER <cstdio>
#include PLATFORM_HEADER
#include "pick.cuh"

int main() {
  printf("%d\n", pick_blocks(1024));
  return 0;
}
