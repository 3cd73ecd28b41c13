#pragma once

// SCALE's default calls sqrtf: whether the line is compiled decides whether
// the port reads that call.
#ifndef SCALE
#define SCALE sqrtf(2.0f)
#endif

__global__ void scale(float *x) { x[threadIdx.x] *= SCALE; }
