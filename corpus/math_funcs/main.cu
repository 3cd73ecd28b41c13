// math_funcs: single- and double-precision math on the device, measured in
// units in the last place (ULP) against a CPU reference that evaluates each
// function in double precision and rounds once.
//
// Inputs are x = i / 1024 for i in [0, 4096). The bounds follow the vendor
// accuracy tables with some slack: 4 ULP for sinf, expf, rsqrtf and for
// double sin and exp, bit-exact for fmaf (it rounds once by definition), and
// a relative error of 1e-5 for the fast intrinsic __expf. The sums are
// printed for cross-checks with a relative tolerance; the ULP counts depend on
// the GPU's math library and are informational.
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

static const int N = 4096;
static const int BLOCK = 256;
static const long long MAX_ULP = 4;
static const double FAST_EXP_REL = 1e-5;

enum { F_SIN, F_EXP, F_RSQRT, F_FMA, F_FAST_EXP, NFLOAT };
enum { D_SIN, D_EXP, NDOUBLE };
static const char* const FLOAT_NAMES[NFLOAT] = { "sinf", "expf", "rsqrtf", "fmaf", "__expf" };
static const char* const DOUBLE_NAMES[NDOUBLE] = { "sin", "exp" };

__global__ void eval_all(const float* x, float* f, double* d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    f[F_SIN * n + i] = sinf(v);
    f[F_EXP * n + i] = expf(v - 2.0f);
    f[F_RSQRT * n + i] = rsqrtf(v + 0.5f);
    f[F_FMA * n + i] = fmaf(v, 1.5f, 0.25f);
    f[F_FAST_EXP * n + i] = __expf(v - 2.0f);
    d[D_SIN * n + i] = sin((double)v);
    d[D_EXP * n + i] = exp((double)v - 2.0);
}

static float ref_float(int fn, float v)
{
    switch (fn) {
    case F_SIN: return (float)sin((double)v);
    case F_EXP:
    case F_FAST_EXP: return (float)exp((double)(v - 2.0f));
    case F_RSQRT: return (float)(1.0 / sqrt((double)(v + 0.5f)));
    default: return fmaf(v, 1.5f, 0.25f);
    }
}

static double ref_double(int fn, float v)
{
    return fn == D_SIN ? sin((double)v) : exp((double)v - 2.0);
}

// Maps the bit pattern to an integer that grows monotonically with the value,
// so that the difference of two mapped values counts representable floats.
static long long ordered_float(float v)
{
    int bits;
    memcpy(&bits, &v, sizeof(bits));
    return bits < 0 ? (long long)INT_MIN - bits : bits;
}

static long long ulp_float(float a, float b)
{
    long long d = ordered_float(a) - ordered_float(b);
    return d < 0 ? -d : d;
}

static long long ulp_double(double a, double b)
{
    long long ia, ib;
    memcpy(&ia, &a, sizeof(ia));
    memcpy(&ib, &b, sizeof(ib));
    if ((ia < 0) != (ib < 0))
        return a == b ? 0 : LLONG_MAX;
    long long d = ia - ib;
    return d < 0 ? -d : d;
}

static float run(const float* x, float* f, double* d)
{
    float *d_x, *d_f;
    double* d_d;
    CHECK(cudaMalloc((void**)&d_x, N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_f, NFLOAT * N * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_d, NDOUBLE * N * sizeof(double)));
    CHECK(cudaMemcpy(d_x, x, N * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    eval_all<<<N / BLOCK, BLOCK>>>(d_x, d_f, d_d, N);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    CHECK(cudaMemcpy(f, d_f, NFLOAT * N * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(d, d_d, NDOUBLE * N * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_d));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

// Prints sum_<name> and max_ulp_<name> (max_rel for __expf); returns 1 when
// every element is within its bound.
static int report_float(int fn, const float* x, const float* got)
{
    double sum = 0.0, max_rel = 0.0;
    long long max_ulp = 0;
    for (int i = 0; i < N; ++i) {
        float ref = ref_float(fn, x[i]);
        long long u = ulp_float(got[i], ref);
        max_ulp = u > max_ulp ? u : max_ulp;
        if (fn == F_FAST_EXP) {  // ref > 0 here: exp never reaches 0 on [-2, 2)
            double rel = fabs((double)got[i] - ref) / ref;
            max_rel = rel > max_rel ? rel : max_rel;
        }
        sum += got[i];
    }
    printf("sum_%s: %.6f\n", FLOAT_NAMES[fn], sum);
    if (fn == F_FAST_EXP) {
        printf("max_rel___expf: %.3g\n", max_rel);
        return max_rel <= FAST_EXP_REL;
    }
    printf("max_ulp_%s: %lld\n", FLOAT_NAMES[fn], max_ulp);
    return fn == F_FMA ? max_ulp == 0 : max_ulp <= MAX_ULP;
}

static int report_double(int fn, const float* x, const double* got)
{
    double sum = 0.0;
    long long max_ulp = 0;
    for (int i = 0; i < N; ++i) {
        long long u = ulp_double(got[i], ref_double(fn, x[i]));
        max_ulp = u > max_ulp ? u : max_ulp;
        sum += got[i];
    }
    printf("sum_%s: %.9f\n", DOUBLE_NAMES[fn], sum);
    printf("max_ulp_%s: %lld\n", DOUBLE_NAMES[fn], max_ulp);
    return max_ulp <= MAX_ULP;
}

int main()
{
    float* x = (float*)malloc(N * sizeof(float));
    float* f = (float*)malloc(NFLOAT * N * sizeof(float));
    double* d = (double*)malloc(NDOUBLE * N * sizeof(double));
    for (int i = 0; i < N; ++i)
        x[i] = (float)i / 1024.0f;

    float ms = run(x, f, d);

    int pass = 1;
    for (int fn = 0; fn < NFLOAT; ++fn)
        pass &= report_float(fn, x, f + fn * N);
    for (int fn = 0; fn < NDOUBLE; ++fn)
        pass &= report_double(fn, x, d + fn * N);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    free(x);
    free(f);
    free(d);
    return pass ? 0 : 1;
}
