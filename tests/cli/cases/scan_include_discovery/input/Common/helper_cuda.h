#pragma once
#include <cstdio>
#include <cuda_runtime.h>
#define checkCudaErrors(call) do { cudaError_t e = (call); if (e != cudaSuccess) { printf("%s\n", cudaGetErrorString(e)); } } while (0)
