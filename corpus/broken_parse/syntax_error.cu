// syntax_error.cu: part of broken_parse. Line 17 has a syntax error left by a
// half-finished edit; everything else is ordinary CUDA that a token-level
// pass must still see, inline PTX included.
#include <cuda_runtime.h>

__device__ unsigned int lane_id()
{
    unsigned int lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
}

__global__ void tag_lanes(unsigned int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float scale = 2.0f;
    float bias = scale +;
    if (i < n)
        out[i] = lane_id() + (unsigned int)bias;
}

void launch_tags(unsigned int* host_out, int n)
{
    unsigned int* d_out;
    cudaMalloc((void**)&d_out, n * sizeof(unsigned int));
    tag_lanes<<<(n + 127) / 128, 128>>>(d_out, n);
    cudaMemcpy(host_out, d_out, n * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    cudaFree(d_out);
}
