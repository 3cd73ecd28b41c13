#define N 4
