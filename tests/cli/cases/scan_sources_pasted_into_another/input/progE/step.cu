// fp and BOUNDS are progE/main.cu's, two pastes up
__global__ void BOUNDS step(fp *p) { p[threadIdx.x] += 1.0f; __syncthreads(); }
