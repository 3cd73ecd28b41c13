// ops.cuh: the macro layer shared by main.cu and ops.cu. Runtime calls hide
// behind CHECK-style macros, launches behind LAUNCH_1D, and whole kernels are
// stamped out by DEFINE_BINARY_KERNEL, so a scanner has to look through
// macro expansions to see the CUDA underneath.
#ifndef OPS_CUH
#define OPS_CUH

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(err_));                              \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

#define CHECK_LAST_LAUNCH() CHECK(cudaGetLastError())
#define DEVICE_ALLOC(ptr, count) CHECK(cudaMalloc((void**)&(ptr), (count) * sizeof(*(ptr))))
#define DEVICE_FREE(ptr) CHECK(cudaFree(ptr))
#define TO_DEVICE(dst, src, count) \
    CHECK(cudaMemcpy((dst), (src), (count) * sizeof(*(src)), cudaMemcpyHostToDevice))
#define TO_HOST(dst, src, count) \
    CHECK(cudaMemcpy((dst), (src), (count) * sizeof(*(dst)), cudaMemcpyDeviceToHost))

#define LAUNCH_BLOCK 256
#define LAUNCH_1D(kernel, n, ...) \
    kernel<<<((n) + LAUNCH_BLOCK - 1) / LAUNCH_BLOCK, LAUNCH_BLOCK>>>(__VA_ARGS__)

// Defines __global__ void name(a, b, c, n) with c[i] = expr, where expr sees
// the two operands as x = a[i] and y = b[i].
#define DEFINE_BINARY_KERNEL(name, expr)                                    \
    __global__ void name(const int* a, const int* b, int* c, int n)         \
    {                                                                       \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                      \
        if (i < n) {                                                        \
            int x = a[i], y = b[i];                                         \
            c[i] = (expr);                                                  \
        }                                                                   \
    }

enum BinaryOp { OP_ADD, OP_MUL, OP_MAX, NUM_OPS };

// Runs op on n elements of device arrays; returns after the launch is queued.
void run_binary_op(BinaryOp op, const int* d_a, const int* d_b, int* d_c, int n);

// The same operations on the CPU, for the reference.
int cpu_binary_op(BinaryOp op, int x, int y);

#endif
