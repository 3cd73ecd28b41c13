/* Plain C for gcc, as rodinia's common.c: its <<< are in a comment and a string,
 * and this __global__ is a word of this comment. */
#include <math.h>
#include <stdio.h>

double norm(double x) {
  /* printf(">>>>>LU<<<<<<<\n"); */
  printf("<<<%f>>>\n", fabs(x));
  return exp(x);
}
