/* hipport parser compatibility header, included after clang's CUDA wrapper.
 * nvcc defines __CUDACC__ as 1; the wrapper defines it empty, so the toolkit's
 * own `#if __CUDACC__` (nccl_device.h's utility.h, CUDA 13) stops a parse with
 * "expected value in expression" that nvcc compiles. __NVCC__ and
 * __CUDACC_VER_MAJOR__ stay undefined: Thrust, CUB and libcu++ read them as
 * "the compiler is nvcc" and would take paths only nvcc parses. */
#undef __CUDACC__
#define __CUDACC__ 1
