// real and BOUNDS are progB/main.cu's; progA's main.cu pastes a kernel.cu too, another one
__global__ void BOUNDS count(real *sum) { atomicAdd(sum, 1.0); }
