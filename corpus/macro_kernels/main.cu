// macro_kernels: elementwise integer operations whose kernels, launches and
// runtime calls all go through the macros of ops.cuh. It also keeps CUDA
// code in preprocessor branches that a default build never compiles: a
// managed-memory allocator behind USE_MANAGED_MEMORY and a pre-CUDA-4
// synchronisation call under #if 0. Tools that read only the active branch
// miss both.
#include "ops.cuh"

static const int N = 1 << 16;
static const char* const OP_NAMES[NUM_OPS + 1] = { "add", "mul", "max", "absdiff" };

DEFINE_BINARY_KERNEL(absdiff_kernel, x > y ? x - y : y - x)

#ifdef USE_MANAGED_MEMORY
static int* alloc_ints(int n)
{
    int* p;
    CHECK(cudaMallocManaged((void**)&p, n * sizeof(int)));
    return p;
}
#else
static int* alloc_ints(int n)
{
    int* p;
    DEVICE_ALLOC(p, n);
    return p;
}
#endif

static void wait_for_device(void)
{
#if 0
    cudaThreadSynchronize();  /* deprecated since CUDA 10.0; CUDA 13 headers drop it */
#else
    CHECK(cudaDeviceSynchronize());
#endif
}

// Op index NUM_OPS stands for absdiff, the kernel defined in this file.
static int cpu_op(int op, int x, int y)
{
    if (op == NUM_OPS)
        return x > y ? x - y : y - x;
    return cpu_binary_op((BinaryOp)op, x, y);
}

static void run_op(int op, const int* d_a, const int* d_b, int* d_c)
{
    if (op == NUM_OPS) {
        LAUNCH_1D(absdiff_kernel, N, d_a, d_b, d_c, N);
        CHECK_LAST_LAUNCH();
    } else {
        run_binary_op((BinaryOp)op, d_a, d_b, d_c, N);
    }
}

int main()
{
    int* a = (int*)malloc(N * sizeof(int));
    int* b = (int*)malloc(N * sizeof(int));
    int* c = (int*)malloc(N * sizeof(int));
    for (int i = 0; i < N; ++i) {
        a[i] = i % 101 - 50;
        b[i] = (i * 7) % 103 - 51;
    }
    int* d_a = alloc_ints(N);
    int* d_b = alloc_ints(N);
    int* d_c = alloc_ints(N);
    TO_DEVICE(d_a, a, N);
    TO_DEVICE(d_b, b, N);

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    int mismatches = 0;
    float total_ms = 0.0f;
    for (int op = 0; op <= NUM_OPS; ++op) {
        CHECK(cudaEventRecord(start));
        run_op(op, d_a, d_b, d_c);
        CHECK(cudaEventRecord(stop));
        wait_for_device();
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        total_ms += ms;
        TO_HOST(c, d_c, N);

        long long sum = 0;
        for (int i = 0; i < N; ++i) {
            mismatches += c[i] != cpu_op(op, a[i], b[i]);
            sum += c[i];
        }
        printf("sum_%s: %lld\n", OP_NAMES[op], sum);
    }
    int pass = mismatches == 0;

    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", total_ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    DEVICE_FREE(d_a);
    DEVICE_FREE(d_b);
    DEVICE_FREE(d_c);
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(a);
    free(b);
    free(c);
    return pass ? 0 : 1;
}
