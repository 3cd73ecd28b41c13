// cufft_roundtrip: a batch of complex 1-D transforms with cuFFT: forward,
// compared with a direct O(n^2) DFT on the CPU, then inverse, which returns
// n times the input (cuFFT does not normalise), compared with the input.
//
// Bin 0 of a forward transform is the plain sum of the inputs, an integer
// here, so it is printed for an exact cross-check within a tolerance.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cufft.h>

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(err_));                              \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

#define CUFFT_CHECK(call)                                                   \
    do {                                                                    \
        cufftResult r_ = (call);                                            \
        if (r_ != CUFFT_SUCCESS) {                                          \
            fprintf(stderr, "%s:%d: %s: cuFFT result %d\n", __FILE__,       \
                    __LINE__, #call, (int)r_);                              \
            exit(2);                                                        \
        }                                                                   \
    } while (0)

static const int NFFT = 1024;
static const int BATCH = 4;
static const int TOTAL = NFFT * BATCH;
static const double PI = 3.14159265358979323846;

static void fill_input(cufftComplex* x)
{
    for (int i = 0; i < TOTAL; ++i) {
        x[i].x = (float)((i * 7) % 10);
        x[i].y = (float)(i % 3) - 1.0f;
    }
}

// Direct forward DFT of one transform, X[k] = sum_j x[j] e^(-2 pi i jk/n),
// in double precision; the twiddles repeat with period n, hence the table.
static void cpu_dft(const cufftComplex* x, double* re, double* im)
{
    static double tw_cos[NFFT], tw_sin[NFFT];
    for (int t = 0; t < NFFT; ++t) {
        tw_cos[t] = cos(-2.0 * PI * t / NFFT);
        tw_sin[t] = sin(-2.0 * PI * t / NFFT);
    }
    for (int k = 0; k < NFFT; ++k) {
        double sr = 0.0, si = 0.0;
        for (int j = 0; j < NFFT; ++j) {
            int t = (int)((long long)j * k % NFFT);
            sr += x[j].x * tw_cos[t] - x[j].y * tw_sin[t];
            si += x[j].x * tw_sin[t] + x[j].y * tw_cos[t];
        }
        re[k] = sr;
        im[k] = si;
    }
}

static float roundtrip(const cufftComplex* x, cufftComplex* fwd, cufftComplex* back)
{
    size_t bytes = TOTAL * sizeof(cufftComplex);
    cufftComplex* d_data;
    CHECK(cudaMalloc((void**)&d_data, bytes));
    CHECK(cudaMemcpy(d_data, x, bytes, cudaMemcpyHostToDevice));
    cufftHandle plan;
    CUFFT_CHECK(cufftPlan1d(&plan, NFFT, CUFFT_C2C, BATCH));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    CUFFT_CHECK(cufftExecC2C(plan, d_data, d_data, CUFFT_FORWARD));
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(cudaMemcpy(fwd, d_data, bytes, cudaMemcpyDeviceToHost));

    CUFFT_CHECK(cufftExecC2C(plan, d_data, d_data, CUFFT_INVERSE));
    CHECK(cudaMemcpy(back, d_data, bytes, cudaMemcpyDeviceToHost));
    CUFFT_CHECK(cufftDestroy(plan));
    CHECK(cudaFree(d_data));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

// Largest error of the forward transforms relative to the largest reference
// magnitude, so that near-zero bins do not blow the ratio up.
static double forward_error(const cufftComplex* x, const cufftComplex* fwd)
{
    static double re[NFFT], im[NFFT];
    double max_abs_err = 0.0, max_mag = 0.0;
    for (int b = 0; b < BATCH; ++b) {
        cpu_dft(x + b * NFFT, re, im);
        for (int k = 0; k < NFFT; ++k) {
            const cufftComplex g = fwd[b * NFFT + k];
            max_abs_err = fmax(max_abs_err, fmax(fabs(g.x - re[k]), fabs(g.y - im[k])));
            max_mag = fmax(max_mag, hypot(re[k], im[k]));
        }
    }
    return max_abs_err / max_mag;
}

static double roundtrip_error(const cufftComplex* x, const cufftComplex* back)
{
    double max_err = 0.0;
    for (int i = 0; i < TOTAL; ++i) {
        max_err = fmax(max_err, fabs(back[i].x / NFFT - x[i].x));
        max_err = fmax(max_err, fabs(back[i].y / NFFT - x[i].y));
    }
    return max_err;
}

int main()
{
    cufftComplex* x = (cufftComplex*)malloc(TOTAL * sizeof(cufftComplex));
    cufftComplex* fwd = (cufftComplex*)malloc(TOTAL * sizeof(cufftComplex));
    cufftComplex* back = (cufftComplex*)malloc(TOTAL * sizeof(cufftComplex));
    fill_input(x);

    float ms = roundtrip(x, fwd, back);
    double fwd_err = forward_error(x, fwd);
    double rt_err = roundtrip_error(x, back);
    int pass = fwd_err < 1e-5 && rt_err < 1e-4;

    printf("dc_re[0]: %.4f\n", fwd[0].x);
    printf("dc_im[0]: %.4f\n", fwd[0].y);
    printf("dc_re[3]: %.4f\n", fwd[3 * NFFT].x);
    printf("dc_im[3]: %.4f\n", fwd[3 * NFFT].y);
    printf("forward_rel_err: %.3g\n", fwd_err);
    printf("roundtrip_max_err: %.3g\n", rt_err);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(x);
    free(fwd);
    free(back);
    return pass ? 0 : 1;
}
