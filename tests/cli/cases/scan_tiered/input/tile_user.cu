#define TILE 32
#define SCALE 2.0f
#include "defaults.cuh"
#include "default_named.cuh"

int main() { return 0; }
