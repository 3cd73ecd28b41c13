// cuda_graph: records a short sequence of work once with stream capture,
// instantiates it as a CUDA graph and replays it many times.
//
// One step of the captured sequence is x = (5 * x + 3) mod 65536 (two
// kernels) followed by a device-to-device snapshot copy; the graph is
// launched STEPS times. Unsigned integers keep everything exact.
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

static const int N = 1 << 16;
static const int BLOCK = 256;
static const int STEPS = 20;
static const unsigned int MOD = 65536u;

__global__ void mul_mod(unsigned int* x, unsigned int a, unsigned int m, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * a) % m;
}

__global__ void add_mod(unsigned int* x, unsigned int b, unsigned int m, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] + b) % m;
}

static cudaGraph_t capture_step(cudaStream_t stream, unsigned int* d_x, unsigned int* d_snap)
{
    cudaGraph_t graph;
    CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
    mul_mod<<<N / BLOCK, BLOCK, 0, stream>>>(d_x, 5u, MOD, N);
    add_mod<<<N / BLOCK, BLOCK, 0, stream>>>(d_x, 3u, MOD, N);
    CHECK(cudaMemcpyAsync(d_snap, d_x, N * sizeof(unsigned int), cudaMemcpyDeviceToDevice, stream));
    CHECK(cudaStreamEndCapture(stream, &graph));
    return graph;
}

// CUDA 12 replaced the error-node/log-buffer arguments with a flags word.
static cudaGraphExec_t instantiate(cudaGraph_t graph)
{
    cudaGraphExec_t exec;
#if CUDART_VERSION >= 12000
    CHECK(cudaGraphInstantiate(&exec, graph, 0));
#else
    CHECK(cudaGraphInstantiate(&exec, graph, NULL, NULL, 0));
#endif
    return exec;
}

static unsigned int cpu_final(unsigned int x)
{
    for (int s = 0; s < STEPS; ++s)
        x = (x * 5u + 3u) % MOD;
    return x;
}

int main()
{
    unsigned int* x = (unsigned int*)malloc(N * sizeof(unsigned int));
    unsigned int* snap = (unsigned int*)malloc(N * sizeof(unsigned int));
    for (int i = 0; i < N; ++i)
        x[i] = (unsigned int)i;

    unsigned int *d_x, *d_snap;
    CHECK(cudaMalloc((void**)&d_x, N * sizeof(unsigned int)));
    CHECK(cudaMalloc((void**)&d_snap, N * sizeof(unsigned int)));
    CHECK(cudaMemcpy(d_x, x, N * sizeof(unsigned int), cudaMemcpyHostToDevice));
    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream));

    cudaGraph_t graph = capture_step(stream, d_x, d_snap);
    size_t nodes = 0;
    CHECK(cudaGraphGetNodes(graph, NULL, &nodes));
    cudaGraphExec_t exec = instantiate(graph);

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start, stream));
    for (int s = 0; s < STEPS; ++s)
        CHECK(cudaGraphLaunch(exec, stream));
    CHECK(cudaEventRecord(stop, stream));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(cudaMemcpy(snap, d_snap, N * sizeof(unsigned int), cudaMemcpyDeviceToHost));

    int mismatches = 0;
    unsigned long long sum = 0;
    for (int i = 0; i < N; ++i) {
        mismatches += snap[i] != cpu_final((unsigned int)i);
        sum += snap[i];
    }
    int pass = mismatches == 0 && nodes == 3;

    printf("graph_nodes: %zu\n", nodes);
    printf("snap[0]: %u\n", snap[0]);
    printf("snap[1]: %u\n", snap[1]);
    printf("snap[65535]: %u\n", snap[N - 1]);
    printf("sum: %llu\n", sum);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphDestroy(graph));
    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_snap));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(x);
    free(snap);
    return pass ? 0 : 1;
}
