// streams_overlap: four streams each copy a chunk in from pinned host memory
// (cudaMallocHost), transform it and record an event. A final kernel on
// stream 0 reads across chunk boundaries, so stream 0 waits on every other
// stream's event (cudaStreamWaitEvent) before it runs; nothing else orders
// the streams.
//
//   y[i] = 3 * x[i] + 1                  (per chunk, in its own stream)
//   z[i] = y[i] + y[(i + CHUNK) % N]     (stream 0, needs all chunks)
// Values stay small integers, so every result is exact.
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

#define NSTREAMS 4
static const int N = 1 << 20;
static const int CHUNK = N / NSTREAMS;
static const int BLOCK = 256;

__global__ void affine(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 3.0f * x[i] + 1.0f;
}

__global__ void combine(const float* y, float* z, int n, int shift)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        z[i] = y[i] + y[(i + shift) % n];
}

struct Pipeline {
    cudaStream_t streams[NSTREAMS];
    cudaEvent_t chunk_done[NSTREAMS];
    float *d_x, *d_y, *d_z;
};

static void pipeline_create(Pipeline* p)
{
    for (int s = 0; s < NSTREAMS; ++s) {
        CHECK(cudaStreamCreateWithFlags(&p->streams[s], cudaStreamNonBlocking));
        CHECK(cudaEventCreateWithFlags(&p->chunk_done[s], cudaEventDisableTiming));
    }
    CHECK(cudaMalloc((void**)&p->d_x, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&p->d_y, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&p->d_z, N * sizeof(float)));
}

static void pipeline_destroy(Pipeline* p)
{
    for (int s = 0; s < NSTREAMS; ++s) {
        CHECK(cudaStreamDestroy(p->streams[s]));
        CHECK(cudaEventDestroy(p->chunk_done[s]));
    }
    CHECK(cudaFree(p->d_x));
    CHECK(cudaFree(p->d_y));
    CHECK(cudaFree(p->d_z));
}

static void pipeline_run(Pipeline* p, const float* h_x, float* h_z)
{
    for (int s = 0; s < NSTREAMS; ++s) {
        int off = s * CHUNK;
        CHECK(cudaMemcpyAsync(p->d_x + off, h_x + off, CHUNK * sizeof(float),
                              cudaMemcpyHostToDevice, p->streams[s]));
        affine<<<CHUNK / BLOCK, BLOCK, 0, p->streams[s]>>>(p->d_x + off, p->d_y + off, CHUNK);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(p->chunk_done[s], p->streams[s]));
    }
    for (int s = 1; s < NSTREAMS; ++s)
        CHECK(cudaStreamWaitEvent(p->streams[0], p->chunk_done[s]));
    combine<<<N / BLOCK, BLOCK, 0, p->streams[0]>>>(p->d_y, p->d_z, N, CHUNK);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(h_z, p->d_z, N * sizeof(float), cudaMemcpyDeviceToHost, p->streams[0]));
    CHECK(cudaStreamSynchronize(p->streams[0]));
}

int main()
{
    float *h_x, *h_z;
    CHECK(cudaMallocHost((void**)&h_x, N * sizeof(float)));
    CHECK(cudaMallocHost((void**)&h_z, N * sizeof(float)));
    for (int i = 0; i < N; ++i)
        h_x[i] = (float)(i % 1000);

    Pipeline p;
    pipeline_create(&p);
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    // The legacy default stream (0) synchronizes with blocking streams only,
    // so the timing events go on stream 0 of the pipeline instead.
    CHECK(cudaEventRecord(start, p.streams[0]));
    pipeline_run(&p, h_x, h_z);
    CHECK(cudaEventRecord(stop, p.streams[0]));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    int mismatches = 0;
    double sum = 0.0;
    for (int i = 0; i < N; ++i) {
        float y0 = 3.0f * h_x[i] + 1.0f;
        float y1 = 3.0f * h_x[(i + CHUNK) % N] + 1.0f;
        mismatches += h_z[i] != y0 + y1;
        sum += h_z[i];
    }
    int pass = mismatches == 0;

    printf("z[0]: %.9g\n", h_z[0]);
    printf("z[262143]: %.9g\n", h_z[CHUNK - 1]);
    printf("z[1048575]: %.9g\n", h_z[N - 1]);
    printf("sum: %.1f\n", sum);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    pipeline_destroy(&p);
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFreeHost(h_x));
    CHECK(cudaFreeHost(h_z));
    return pass ? 0 : 1;
}
