// Timing and file helpers beside helper_cuda.h, as a samples collection keeps them.
#pragma once
#include <helper_cuda.h>
inline double elapsed_ms(double a, double b) { return b - a; }
