// Pasted into kernels.cu by #include, as some projects do: not a unit of its
// own (alone, `add` would have no declaration of idx()).
__device__ inline int idx() { return blockIdx.x * blockDim.x + threadIdx.x; }
