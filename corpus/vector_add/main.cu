// vector_add: c = a + b over 1M floats, split into two halves that each go
// through their own stream (copy in, add, copy out). Exercises the runtime
// memory API, streams, events and error handling, including a launch that is
// meant to fail so that the error path is taken on purpose.
//
// Inputs are multiples of 0.5 well below 2^24, so every sum is exact and the
// check compares bit for bit.
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

static const int N = 1 << 20;
static const int NSTREAMS = 2;
static const int BLOCK = 256;

__global__ void vector_add(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

static void fill_inputs(float* a, float* b, int n)
{
    for (int i = 0; i < n; ++i) {
        a[i] = (float)(i % 1000) * 0.5f;
        b[i] = (float)(i % 7) - 3.0f;
    }
}

// An oversized block must be rejected at launch; cudaGetLastError both
// reports and clears it, so later calls are unaffected.
static int bad_launch_is_caught(float* d_c)
{
    vector_add<<<1, 4096>>>(d_c, d_c, d_c, 1);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess)
        fprintf(stderr, "expected launch error: %s\n", cudaGetErrorString(err));
    return err != cudaSuccess && cudaGetLastError() == cudaSuccess;
}

static void add_in_streams(const float* a, const float* b, float* c,
                           float* d_a, float* d_b, float* d_c,
                           cudaStream_t* streams)
{
    int chunk = N / NSTREAMS;
    size_t bytes = chunk * sizeof(float);
    for (int s = 0; s < NSTREAMS; ++s) {
        int off = s * chunk;
        CHECK(cudaMemcpyAsync(d_a + off, a + off, bytes, cudaMemcpyHostToDevice, streams[s]));
        CHECK(cudaMemcpyAsync(d_b + off, b + off, bytes, cudaMemcpyHostToDevice, streams[s]));
        vector_add<<<(chunk + BLOCK - 1) / BLOCK, BLOCK, 0, streams[s]>>>(d_a + off, d_b + off, d_c + off, chunk);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpyAsync(c + off, d_c + off, bytes, cudaMemcpyDeviceToHost, streams[s]));
    }
    for (int s = 0; s < NSTREAMS; ++s)
        CHECK(cudaStreamSynchronize(streams[s]));
}

static int count_mismatches(const float* a, const float* b, const float* c, double* sum)
{
    int bad = 0;
    *sum = 0.0;
    for (int i = 0; i < N; ++i) {
        if (c[i] != a[i] + b[i])
            ++bad;
        *sum += c[i];
    }
    return bad;
}

int main()
{
    size_t bytes = N * sizeof(float);
    float* a = (float*)malloc(bytes);
    float* b = (float*)malloc(bytes);
    float* c = (float*)malloc(bytes);
    fill_inputs(a, b, N);

    float *d_a, *d_b, *d_c;
    CHECK(cudaMalloc((void**)&d_a, bytes));
    CHECK(cudaMalloc((void**)&d_b, bytes));
    CHECK(cudaMalloc((void**)&d_c, bytes));
    CHECK(cudaMemset(d_c, 0, bytes));

    cudaStream_t streams[NSTREAMS];
    for (int s = 0; s < NSTREAMS; ++s)
        CHECK(cudaStreamCreate(&streams[s]));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    int caught = bad_launch_is_caught(d_c);

    CHECK(cudaEventRecord(start, 0));
    add_in_streams(a, b, c, d_a, d_b, d_c, streams);
    CHECK(cudaEventRecord(stop, 0));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    double sum;
    int bad = count_mismatches(a, b, c, &sum);
    int pass = bad == 0 && caught;

    printf("sum: %.1f\n", sum);
    printf("c[17]: %.9g\n", c[17]);
    printf("c[999999]: %.9g\n", c[999999]);
    printf("c[1048575]: %.9g\n", c[N - 1]);
    printf("bad_launch_caught: %d\n", caught);
    printf("mismatches: %d\n", bad);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    for (int s = 0; s < NSTREAMS; ++s)
        CHECK(cudaStreamDestroy(streams[s]));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_b));
    CHECK(cudaFree(d_c));
    free(a);
    free(b);
    free(c);
    return pass ? 0 : 1;
}
