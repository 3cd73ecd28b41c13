// ops.cu: three elementwise kernels stamped out by DEFINE_BINARY_KERNEL and
// the host dispatcher that launches them through LAUNCH_1D.
#include "ops.cuh"

DEFINE_BINARY_KERNEL(add_kernel, x + y)
DEFINE_BINARY_KERNEL(mul_kernel, x * y)
DEFINE_BINARY_KERNEL(max_kernel, x > y ? x : y)

void run_binary_op(BinaryOp op, const int* d_a, const int* d_b, int* d_c, int n)
{
    switch (op) {
    case OP_ADD: LAUNCH_1D(add_kernel, n, d_a, d_b, d_c, n); break;
    case OP_MUL: LAUNCH_1D(mul_kernel, n, d_a, d_b, d_c, n); break;
    default: LAUNCH_1D(max_kernel, n, d_a, d_b, d_c, n); break;
    }
    CHECK_LAST_LAUNCH();
}

int cpu_binary_op(BinaryOp op, int x, int y)
{
    switch (op) {
    case OP_ADD: return x + y;
    case OP_MUL: return x * y;
    default: return x > y ? x : y;
    }
}
