#!/usr/bin/env python3
"""Writes a large, realistic, made-up CUDA tree for benchmarks: the same seed gives
the same tree, byte for byte.

usage: bench/gen_tree.py OUT_DIR [--files 2000] [--lines 400000] [--seed 17]
                         [--per-project 20]

The tree is a top-level CMakeLists.txt, a common/ folder of headers every project
shares (an error-check macro, an event timer, device math, half helpers), and
projects of about --per-project files each: a CMakeLists.txt or a Makefile, a host
header of launch functions, a device header, a main.cpp, and then .cu files (most),
.cpp host files and more .cuh headers. Each .cu file draws the include mix real
code has, each part on its own: the C++ standard library, Thrust, CUB, cooperative
groups, cuda_fp16, cuBLAS, cuRAND (host and device), the shared and the project's
own headers. Its kernels are drawn from templates (grid-stride loops, warp-shuffle
reductions, shared-memory tiles, histograms with atomics, constant-memory
stencils, half arithmetic, tile reductions, CUB block reductions, cuRAND states,
templates) with launchers that use streams, events and error checks, until the
file reaches a length drawn around the mean that --lines / --files gives. The code
is meant to parse as CUDA; nothing in it is copied from a real project."""
import argparse
import os
import random
import sys

STL = ("vector", "algorithm", "numeric", "memory", "string", "iostream", "cmath", "cstdlib",
       "random", "chrono", "array", "utility", "functional", "map")
# Chance that a .cu file uses each library (drawn independently, as real files mix them).
LIBRARY_ODDS = (("stl", 0.6), ("thrust", 0.25), ("cub", 0.12), ("coop", 0.15), ("fp16", 0.15),
                ("cublas", 0.08), ("curand", 0.1), ("curand_kernel", 0.06))
LIBRARY_HEADERS = {
    "thrust": ("thrust/device_vector.h", "thrust/host_vector.h", "thrust/sort.h", "thrust/reduce.h",
               "thrust/transform.h", "thrust/functional.h"),
    "cub": ("cub/cub.cuh",),
    "coop": ("cooperative_groups.h", "cooperative_groups/reduce.h"),
    "fp16": ("cuda_fp16.h",),
    "cublas": ("cublas_v2.h",),
    "curand": ("curand.h",),
    "curand_kernel": ("curand_kernel.h",),
}
# Length of each kind of file relative to the mean (the rest of the tree is build files).
LENGTH_WEIGHT = {"cu": 1.45, "cpp": 0.9, "cuh": 0.6, "h": 0.25}
WORDS = ("fluid", "nbody", "stencil", "sparse", "image", "signal", "graph", "particle", "lattice",
         "mesh", "spectra", "option", "neural", "volume", "seismic", "genome", "climate", "raytrace",
         "matrix", "solver", "filter", "physics", "markov", "tensor")


class Source:
    """Lines of one file, and a counter that keeps every generated name in it unique."""

    def __init__(self, rng, tag):
        self.rng = rng
        self.tag = tag
        self.lines = []
        self.count = 0

    def name(self, stem):
        self.count += 1
        return f"{stem}_{self.tag}_{self.count}"

    def add(self, text):
        self.lines += text.strip("\n").split("\n") + [""]

    def text(self):
        return "\n".join(self.lines).rstrip("\n") + "\n"


# ---------------------------------------------------------------- kernels ---
# Each returns (kernel source, launcher source); `needs` says which library it uses.

def k_axpy(src):
    k = src.name("axpy")
    op = src.rng.choice(("", " * 0.5f", " + 1.0f", " - x[i] * 0.25f"))
    block = src.rng.choice((128, 256, 512))
    return f"""
__global__ void {k}(int n, float a, const float* __restrict__ x, float* __restrict__ y)
{{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    for (; i < n; i += stride) {{
        y[i] = a * x[i] + y[i]{op};
    }}
}}""", f"""
void launch_{k}(const float* d_x, float* d_y, int n, cudaStream_t stream)
{{
    dim3 block({block});
    dim3 grid((n + block.x - 1) / block.x);
    {k}<<<grid, block, 0, stream>>>(n, 2.0f, d_x, d_y);
    CUDA_CHECK(cudaGetLastError());
}}"""


def k_warp_reduce(src):
    k = src.name("reduce")
    return f"""
__inline__ __device__ float {k}_warp(float v)
{{
    for (int offset = warpSize / 2; offset > 0; offset /= 2) {{
        v += __shfl_down_sync(0xffffffff, v, offset);
    }}
    return v;
}}

__global__ void {k}(const float* __restrict__ in, float* out, int n)
{{
    __shared__ float partial[32];
    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {{
        sum += in[i];
    }}
    sum = {k}_warp(sum);
    int lane = threadIdx.x % warpSize;
    int warp = threadIdx.x / warpSize;
    if (lane == 0) {{
        partial[warp] = sum;
    }}
    __syncthreads();
    sum = (threadIdx.x < blockDim.x / warpSize) ? partial[lane] : 0.0f;
    if (warp == 0) {{
        sum = {k}_warp(sum);
        if (lane == 0) {{
            atomicAdd(out, sum);
        }}
    }}
}}""", f"""
void launch_{k}(const float* d_in, float* d_out, int n, cudaStream_t stream)
{{
    CUDA_CHECK(cudaMemsetAsync(d_out, 0, sizeof(float), stream));
    {k}<<<(n + 255) / 256, 256, 0, stream>>>(d_in, d_out, n);
    CUDA_CHECK(cudaGetLastError());
}}"""


def k_transpose(src):
    k = src.name("transpose")
    tile = src.rng.choice((16, 32))
    return f"""
__global__ void {k}(float* out, const float* in, int width, int height)
{{
    __shared__ float tile[{tile}][{tile} + 1];
    int x = blockIdx.x * {tile} + threadIdx.x;
    int y = blockIdx.y * {tile} + threadIdx.y;
    if (x < width && y < height) {{
        tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    }}
    __syncthreads();
    x = blockIdx.y * {tile} + threadIdx.x;
    y = blockIdx.x * {tile} + threadIdx.y;
    if (x < height && y < width) {{
        out[y * height + x] = tile[threadIdx.x][threadIdx.y];
    }}
}}""", f"""
void launch_{k}(float* d_out, const float* d_in, int width, int height, cudaStream_t stream)
{{
    dim3 block({tile}, {tile});
    dim3 grid((width + {tile - 1}) / {tile}, (height + {tile - 1}) / {tile});
    {k}<<<grid, block, 0, stream>>>(d_out, d_in, width, height);
    CUDA_CHECK(cudaGetLastError());
}}"""


def k_histogram(src):
    k = src.name("histogram")
    bins = src.rng.choice((64, 128, 256))
    return f"""
__global__ void {k}(const unsigned char* data, int n, unsigned int* bins)
{{
    __shared__ unsigned int local[{bins}];
    for (int b = threadIdx.x; b < {bins}; b += blockDim.x) {{
        local[b] = 0;
    }}
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {{
        atomicAdd(&local[data[i] % {bins}], 1u);
    }}
    __syncthreads();
    for (int b = threadIdx.x; b < {bins}; b += blockDim.x) {{
        atomicAdd(&bins[b], local[b]);
    }}
}}""", f"""
void launch_{k}(const unsigned char* d_data, int n, unsigned int* d_bins, cudaStream_t stream)
{{
    CUDA_CHECK(cudaMemsetAsync(d_bins, 0, {bins} * sizeof(unsigned int), stream));
    int blocks = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, {k}, 256, 0));
    {k}<<<blocks * 4, 256, 0, stream>>>(d_data, n, d_bins);
    CUDA_CHECK(cudaGetLastError());
}}"""


def k_stencil(src):
    k = src.name("stencil")
    radius = src.rng.choice((1, 2, 3, 4))
    taps = 2 * radius + 1
    coef = ", ".join(f"{1.0 / taps:.4f}f" for _ in range(taps))
    return f"""
__constant__ float {k}_coef[{taps}];

__global__ void {k}(const float* in, float* out, int n)
{{
    extern __shared__ float halo[];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + {radius};
    halo[l] = (g < n) ? in[g] : 0.0f;
    if (threadIdx.x < {radius}) {{
        halo[l - {radius}] = (g >= {radius}) ? in[g - {radius}] : 0.0f;
        halo[l + blockDim.x] = (g + blockDim.x < n) ? in[g + blockDim.x] : 0.0f;
    }}
    __syncthreads();
    if (g < n) {{
        float acc = 0.0f;
        for (int t = -{radius}; t <= {radius}; ++t) {{
            acc += {k}_coef[t + {radius}] * halo[l + t];
        }}
        out[g] = acc;
    }}
}}""", f"""
void launch_{k}(const float* d_in, float* d_out, int n, cudaStream_t stream)
{{
    const float coef[{taps}] = {{{coef}}};
    CUDA_CHECK(cudaMemcpyToSymbolAsync({k}_coef, coef, sizeof(coef), 0, cudaMemcpyHostToDevice, stream));
    size_t shared = (256 + 2 * {radius}) * sizeof(float);
    {k}<<<(n + 255) / 256, 256, shared, stream>>>(d_in, d_out, n);
    CUDA_CHECK(cudaGetLastError());
}}"""


def k_matmul(src):
    k = src.name("matmul")
    t = src.rng.choice((8, 16))
    return f"""
__global__ void {k}(const float* A, const float* B, float* C, int n)
{{
    __shared__ float As[{t}][{t}];
    __shared__ float Bs[{t}][{t}];
    int row = blockIdx.y * {t} + threadIdx.y;
    int col = blockIdx.x * {t} + threadIdx.x;
    float acc = 0.0f;
    for (int step = 0; step < (n + {t - 1}) / {t}; ++step) {{
        int ac = step * {t} + threadIdx.x;
        int br = step * {t} + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < n && ac < n) ? A[row * n + ac] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (br < n && col < n) ? B[br * n + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int e = 0; e < {t}; ++e) {{
            acc += As[threadIdx.y][e] * Bs[e][threadIdx.x];
        }}
        __syncthreads();
    }}
    if (row < n && col < n) {{
        C[row * n + col] = acc;
    }}
}}""", f"""
void launch_{k}(const float* d_a, const float* d_b, float* d_c, int n, cudaStream_t stream)
{{
    dim3 block({t}, {t});
    dim3 grid((n + {t - 1}) / {t}, (n + {t - 1}) / {t});
    {k}<<<grid, block, 0, stream>>>(d_a, d_b, d_c, n);
    CUDA_CHECK(cudaGetLastError());
}}"""


def k_template(src):
    k = src.name("scale")
    ty = src.rng.choice(("float", "double", "int"))
    return f"""
template <typename T, int UNROLL>
__global__ void {k}(T* data, T factor, int n)
{{
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * UNROLL;
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {{
        if (base + u < n) {{
            data[base + u] = data[base + u] * factor;
        }}
    }}
}}""", f"""
void launch_{k}({ty}* d_data, int n, cudaStream_t stream)
{{
    const int threads = 128;
    int blocks = (n + threads * 4 - 1) / (threads * 4);
    {k}<{ty}, 4><<<blocks, threads, 0, stream>>>(d_data, static_cast<{ty}>(3), n);
    CUDA_CHECK(cudaGetLastError());
}}"""


def k_half(src):
    k = src.name("half_mix")
    return f"""
__global__ void {k}(const __half* a, const __half* b, float* out, int n)
{{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {{
        __half s = __hadd(a[i], b[i]);
        __half p = __hmul(a[i], b[i]);
        out[i] = __half2float(s) + __half2float(p);
    }}
}}

__global__ void {k}_pack(const float* in, __half2* out, int pairs)
{{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < pairs) {{
        out[i] = __floats2half2_rn(in[2 * i], in[2 * i + 1]);
    }}
}}""", f"""
void launch_{k}(const __half* d_a, const __half* d_b, float* d_out, int n, cudaStream_t stream)
{{
    {k}<<<(n + 255) / 256, 256, 0, stream>>>(d_a, d_b, d_out, n);
    CUDA_CHECK(cudaGetLastError());
}}"""


def k_coop(src):
    k = src.name("tile_sum")
    return f"""
__global__ void {k}(const float* in, float* out, int n)
{{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int i = block.group_index().x * block.size() + block.thread_rank();
    float v = (i < n) ? in[i] : 0.0f;
    v = cg::reduce(tile, v, cg::plus<float>());
    if (tile.thread_rank() == 0) {{
        atomicAdd(out, v);
    }}
    block.sync();
}}

__device__ float {k}_shuffle(cg::thread_block_tile<32> tile, float v)
{{
    for (int offset = tile.size() / 2; offset > 0; offset /= 2) {{
        v += tile.shfl_down(v, offset);
    }}
    return v;
}}""", f"""
void launch_{k}(const float* d_in, float* d_out, int n, cudaStream_t stream)
{{
    {k}<<<(n + 255) / 256, 256, 0, stream>>>(d_in, d_out, n);
    CUDA_CHECK(cudaGetLastError());
}}"""


def k_cub(src):
    k = src.name("block_sum")
    threads = src.rng.choice((128, 256))
    return f"""
__global__ void {k}(const int* in, int* out, int n)
{{
    typedef cub::BlockReduce<int, {threads}> Reduce;
    __shared__ typename Reduce::TempStorage storage;
    int i = blockIdx.x * {threads} + threadIdx.x;
    int v = (i < n) ? in[i] : 0;
    int total = Reduce(storage).Sum(v);
    if (threadIdx.x == 0) {{
        out[blockIdx.x] = total;
    }}
}}""", f"""
void launch_{k}(const int* d_in, int* d_out, int* d_total, int n, cudaStream_t stream)
{{
    int blocks = (n + {threads - 1}) / {threads};
    {k}<<<blocks, {threads}, 0, stream>>>(d_in, d_out, n);
    CUDA_CHECK(cudaGetLastError());
    void* temp = nullptr;
    size_t bytes = 0;
    CUDA_CHECK(cub::DeviceReduce::Sum(temp, bytes, d_out, d_total, blocks, stream));
    CUDA_CHECK(cudaMallocAsync(&temp, bytes, stream));
    CUDA_CHECK(cub::DeviceReduce::Sum(temp, bytes, d_out, d_total, blocks, stream));
    CUDA_CHECK(cudaFreeAsync(temp, stream));
}}"""


def k_curand_kernel(src):
    k = src.name("monte_carlo")
    return f"""
__global__ void {k}(unsigned long long seed, int samples, unsigned int* hits)
{{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandState state;
    curand_init(seed, id, 0, &state);
    unsigned int inside = 0;
    for (int s = 0; s < samples; ++s) {{
        float x = curand_uniform(&state);
        float y = curand_uniform(&state);
        inside += (x * x + y * y <= 1.0f) ? 1u : 0u;
    }}
    atomicAdd(hits, inside);
}}""", f"""
void launch_{k}(unsigned int* d_hits, int samples, cudaStream_t stream)
{{
    CUDA_CHECK(cudaMemsetAsync(d_hits, 0, sizeof(unsigned int), stream));
    {k}<<<64, 128, 0, stream>>>(1234ULL, samples, d_hits);
    CUDA_CHECK(cudaGetLastError());
}}"""


def h_thrust(src):
    k = src.name("thrust_pass")
    expr = src.rng.choice(("v * v", "v + 1.0f", "v > 0.0f ? v : 0.0f", "0.5f * v"))
    return f"""
struct {k}_op
{{
    __host__ __device__ float operator()(float v) const {{ return {expr}; }}
}};""", f"""
float {k}(const std::vector<float>& host)
{{
    thrust::device_vector<float> d(host.begin(), host.end());
    thrust::sort(d.begin(), d.end());
    thrust::transform(d.begin(), d.end(), d.begin(), {k}_op());
    thrust::host_vector<float> back = d;
    return thrust::reduce(d.begin(), d.end(), 0.0f, thrust::plus<float>()) + back[0];
}}"""


def h_cublas(src):
    k = src.name("gemm")
    return "", f"""
void {k}(const float* d_a, const float* d_b, float* d_c, int m, int n, int k, cudaStream_t stream)
{{
    cublasHandle_t handle;
    CUBLAS_CHECK(cublasCreate(&handle));
    CUBLAS_CHECK(cublasSetStream(handle, stream));
    const float alpha = 1.0f;
    const float beta = 0.0f;
    CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, d_a, m, d_b, k, &beta, d_c, m));
    CUBLAS_CHECK(cublasDestroy(handle));
}}"""


def h_curand(src):
    k = src.name("fill_random")
    return "", f"""
void {k}(float* d_out, size_t n, unsigned long long seed)
{{
    curandGenerator_t gen;
    if (curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS) {{
        fprintf(stderr, "curandCreateGenerator failed\\n");
        return;
    }}
    curandSetPseudoRandomGeneratorSeed(gen, seed);
    curandGenerateUniform(gen, d_out, n);
    curandDestroyGenerator(gen);
}}"""


# (template, library it needs or None, weight)
FRAGMENTS = ((k_axpy, None, 4), (k_warp_reduce, None, 3), (k_transpose, None, 2), (k_histogram, None, 2),
             (k_stencil, None, 2), (k_matmul, None, 2), (k_template, None, 2), (k_half, "fp16", 3),
             (k_coop, "coop", 3), (k_cub, "cub", 3), (k_curand_kernel, "curand_kernel", 3),
             (h_thrust, "thrust", 3), (h_cublas, "cublas", 3), (h_curand, "curand", 3))


# ------------------------------------------------------------------ files ---

def draw_length(rng, mean):
    """A file length around mean with the long tail real trees have."""
    return max(12, int(rng.lognormvariate(0, 0.6) * mean / 1.197))  # 1.197: the mean of that lognormal


def draw_libraries(rng):
    return [lib for lib, odds in LIBRARY_ODDS if rng.random() < odds]


def include_block(src, libs, project, extras):
    """The leading #include lines of a .cu file and its error-check macro."""
    rng = src.rng
    lines = []
    if rng.random() < 0.7:
        lines.append("#include <cstdio>")
    stl = rng.sample(STL, rng.randint(2, 5)) if "stl" in libs or "thrust" in libs else []
    lines += [f"#include <{h}>" for h in sorted(set(stl) | ({"vector"} if "thrust" in libs else set()))]
    if rng.random() < 0.85:
        lines.append("#include <cuda_runtime.h>")
    for lib in libs:
        lines += [f"#include <{h}>" for h in LIBRARY_HEADERS.get(lib, ())]
    lines.append('#include "../../../common/cuda_check.cuh"')
    if rng.random() < 0.4:
        lines.append('#include "../../../common/timer.cuh"')
    if rng.random() < 0.3:
        lines.append('#include "../../../common/device_math.cuh"')
    if "fp16" in libs and rng.random() < 0.5:
        lines.append('#include "../../../common/half_utils.cuh"')
    lines.append(f'#include "../include/{project}_device.cuh"')
    lines += [f'#include "../include/{h}"' for h in extras if rng.random() < 0.3]
    if "coop" in libs:
        lines += ["", "namespace cg = cooperative_groups;"]
    src.add("\n".join(lines))


def driver(src, launches):
    """A host function that sets up memory, a stream and events and calls the float launchers."""
    f = src.name("run")
    calls = "\n".join(f"    launch_{k}(d_x, d_y, n, stream);" for k in launches) or "    (void)d_x;"
    src.add(f"""
int {f}(int n)
{{
    float* d_x = nullptr;
    float* d_y = nullptr;
    float* h_y = nullptr;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
    CUDA_CHECK(cudaMallocHost(&h_y, n * sizeof(float)));
    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaMemsetAsync(d_x, 0, n * sizeof(float), stream));
    CUDA_CHECK(cudaEventRecord(start, stream));
{calls}
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaMemcpyAsync(h_y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    printf("{f}: %.3f ms, y[0] = %f\\n", ms, h_y[0]);
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFreeHost(h_y));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    return 0;
}}""")
    return f


def cu_file(rng, tag, project, length, extras):
    """A .cu file of about `length` lines; its driver's name for the project's main."""
    src = Source(rng, tag)
    libs = draw_libraries(rng)
    src.add(f"// {project}: kernels of part {tag}")
    include_block(src, libs, project, extras)
    if "cublas" in libs:
        src.add(CUBLAS_CHECK)
    usable = [(fn, w) for fn, lib, w in FRAGMENTS if lib is None or lib in libs]
    axpys = []
    while len(src.lines) < length - 35:
        fn = rng.choices([f for f, _ in usable], [w for _, w in usable])[0]
        device, host = fn(src)
        src.add(device)
        src.add(host)
        if fn is k_axpy:
            axpys.append(f"axpy_{tag}_{src.count}")
    return src.text(), driver(src, axpys)


CUBLAS_CHECK = """
#define CUBLAS_CHECK(call)                                                      \\
    do {                                                                        \\
        cublasStatus_t status_ = (call);                                        \\
        if (status_ != CUBLAS_STATUS_SUCCESS) {                                 \\
            fprintf(stderr, "cuBLAS error %d at %s:%d\\n", (int)status_,          \\
                    __FILE__, __LINE__);                                        \\
            exit(EXIT_FAILURE);                                                 \\
        }                                                                       \\
    } while (0)"""


def device_header(rng, tag, length):
    """A .cuh of inline device helpers (shared by the project's .cu files)."""
    src = Source(rng, tag)
    src.add(f"#pragma once\n// device helpers {tag}\n#include <cuda_runtime.h>")
    while len(src.lines) < length:
        f = src.name("helper")
        body = rng.choice(("return a * b + c;", "return fminf(fmaxf(a, b), c);",
                           "return a + (b - a) * c;", "return __fdividef(a, b + c + 1.0f);"))
        src.add(f"""
__device__ __forceinline__ float {f}(float a, float b, float c)
{{
    {body}
}}

template <typename T>
__host__ __device__ inline T {f}_clamp(T v, T lo, T hi)
{{
    return v < lo ? lo : (v > hi ? hi : v);
}}""")
    return src.text()


def host_header(project, drivers):
    decls = "\n".join(f"int {d}(int n);" for d in drivers)
    return f"#pragma once\n// launch functions of {project}\n#include <cuda_runtime.h>\n\n{decls}\n"


def cpp_file(rng, tag, project, length, is_main, drivers):
    """A host .cpp: device queries, pinned copies, timing; main() calls every driver."""
    src = Source(rng, tag)
    heads = sorted(set(rng.sample(STL, 3)) | {"vector", "cstdio"})
    src.add("\n".join(f"#include <{h}>" for h in heads) + "\n#include <cuda_runtime.h>\n"
            f'#include "../../../common/cuda_check.cuh"\n#include "../include/{project}_kernels.h"')
    while len(src.lines) < length - 12:
        f = src.name("host_step")
        src.add(f"""
static int {f}(int device)
{{
    cudaDeviceProp prop;
    CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    int lanes = prop.warpSize * prop.multiProcessorCount;
    size_t bytes = static_cast<size_t>(lanes) * sizeof(float);
    std::vector<float> host(lanes, 1.0f);
    float* pinned = nullptr;
    float* dev = nullptr;
    CUDA_CHECK(cudaMallocHost(&pinned, bytes));
    CUDA_CHECK(cudaMalloc(&dev, bytes));
    CUDA_CHECK(cudaMemcpy(dev, host.data(), bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(pinned, dev, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaDeviceSynchronize());
    printf("%s: %d lanes, %zu bytes\\n", prop.name, lanes, bytes);
    CUDA_CHECK(cudaFree(dev));
    CUDA_CHECK(cudaFreeHost(pinned));
    return lanes;
}}""")
    steps = src.count
    calls = "\n".join(f"    total += host_step_{tag}_{i}(0);" for i in range(1, steps + 1))
    if is_main:
        runs = "\n".join(f"    {d}(1 << 20);" for d in drivers)
        src.add(f"int main()\n{{\n    int count = 0;\n    CUDA_CHECK(cudaGetDeviceCount(&count));\n"
                f"    int total = 0;\n{calls}\n{runs}\n    CUDA_CHECK(cudaDeviceReset());\n"
                f"    return total > 0 && count > 0 ? 0 : 1;\n}}")
    else:
        src.add(f"int host_part_{tag}()\n{{\n    int total = 0;\n{calls}\n    return total;\n}}")
    return src.text()


def build_file(rng, project, sources):
    """A CMakeLists.txt or a Makefile for one project."""
    if rng.random() < 0.6:
        listed = "\n    ".join(sources)
        return ("CMakeLists.txt", f"project({project} LANGUAGES CXX CUDA)\n\n"
                f"add_executable({project}\n    {listed})\n"
                f"target_include_directories({project} PRIVATE include ../../common)\n"
                f"set_target_properties({project} PROPERTIES CUDA_ARCHITECTURES \"70;80\")\n"
                f"target_link_libraries({project} PRIVATE cublas curand)\n")
    objs = " ".join(os.path.splitext(s)[0] + ".o" for s in sources)
    return ("Makefile", f"NVCC ?= nvcc\nNVCCFLAGS ?= -O3 -arch=sm_80 -Iinclude -I../../common\n\n"
            f"{project}: {objs}\n\t$(NVCC) $(NVCCFLAGS) -o $@ $^ -lcublas -lcurand\n\n"
            f"%.o: %.cu\n\t$(NVCC) $(NVCCFLAGS) -c -o $@ $<\n\n"
            f"%.o: %.cpp\n\t$(NVCC) $(NVCCFLAGS) -c -o $@ $<\n\n"
            f"clean:\n\trm -f {project} *.o src/*.o host/*.o\n")


COMMON = {
    "cuda_check.cuh": """#pragma once
// error checks shared by every project
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                        \\
    do {                                                                        \\
        cudaError_t err_ = (call);                                              \\
        if (err_ != cudaSuccess) {                                              \\
            fprintf(stderr, "CUDA error %s at %s:%d\\n", cudaGetErrorString(err_), \\
                    __FILE__, __LINE__);                                        \\
            exit(EXIT_FAILURE);                                                 \\
        }                                                                       \\
    } while (0)
""",
    "timer.cuh": """#pragma once
// an event timer for a stream
#include <cuda_runtime.h>

struct GpuTimer
{
    cudaEvent_t start_;
    cudaEvent_t stop_;
    GpuTimer() { cudaEventCreate(&start_); cudaEventCreate(&stop_); }
    ~GpuTimer() { cudaEventDestroy(start_); cudaEventDestroy(stop_); }
    void start(cudaStream_t s = 0) { cudaEventRecord(start_, s); }
    float stop(cudaStream_t s = 0)
    {
        float ms = 0.0f;
        cudaEventRecord(stop_, s);
        cudaEventSynchronize(stop_);
        cudaEventElapsedTime(&ms, start_, stop_);
        return ms;
    }
};
""",
    "device_math.cuh": """#pragma once
// small device math shared across projects
#include <cuda_runtime.h>

__device__ __forceinline__ float common_sq(float v) { return v * v; }
__device__ __forceinline__ int common_lane() { return threadIdx.x & (warpSize - 1); }
__device__ __forceinline__ float common_warp_max(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1) {
        v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, offset));
    }
    return v;
}
""",
    "half_utils.cuh": """#pragma once
// conversions between float and half buffers
#include <cuda_fp16.h>

template <typename T>
__global__ void common_to_half(const T* in, __half* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __float2half(in[i]);
    }
}
""",
}


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="\n") as f:
        f.write(text)
    return text.count("\n")


def project_kinds(rng, count):
    """The extra files of a project after its fixed four, drawn .cu-heavy; at least one .cu."""
    return ["cu"] + rng.choices(("cu", "cpp", "cuh"), (0.7, 0.15, 0.15), k=max(0, count - 1))


def write_project(rng, root, index, nfiles, mean):
    """One project folder of nfiles files (at least 5); (files, lines) written."""
    project = f"{WORDS[index % len(WORDS)]}_{index:04d}"
    base = os.path.join("projects", project)
    lines = 0
    drivers, sources, extras = [], [], []
    kinds = project_kinds(rng, nfiles - 4)
    lines += write(root, f"{base}/include/{project}_device.cuh",
                   device_header(rng, f"{index}d", draw_length(rng, mean * LENGTH_WEIGHT["cuh"])))
    for n, kind in enumerate(kinds):
        tag = f"{index}_{n}"
        length = draw_length(rng, mean * LENGTH_WEIGHT[kind])
        if kind == "cu":
            text, drv = cu_file(rng, tag, project, length, extras)
            drivers.append(drv)
            sources.append(f"src/part_{n}.cu")
            lines += write(root, f"{base}/{sources[-1]}", text)
        elif kind == "cpp":
            sources.append(f"host/host_{n}.cpp")
            lines += write(root, f"{base}/{sources[-1]}", cpp_file(rng, tag, project, length, False, []))
        else:
            extras.append(f"extra_{n}.cuh")
            lines += write(root, f"{base}/include/{extras[-1]}", device_header(rng, tag, length))
    lines += write(root, f"{base}/include/{project}_kernels.h", host_header(project, drivers))
    sources.append("host/main.cpp")
    lines += write(root, f"{base}/host/main.cpp",
                   cpp_file(rng, f"{index}m", project, draw_length(rng, mean * LENGTH_WEIGHT["cpp"]), True, drivers))
    name, text = build_file(rng, project, sources)
    lines += write(root, f"{base}/{name}", text)
    return nfiles, lines


def project_sizes(total, per_project):
    """Files per project so that they add up to total (each at least 5)."""
    sizes = [per_project] * (total // per_project)
    rest = total - sum(sizes)
    if rest >= 5 or not sizes:
        sizes.append(max(rest, 5))
    elif rest:
        sizes[-1] += rest
    return sizes


def generate(root, files, lines, seed, per_project):
    """Writes the tree; (files, lines) written."""
    rng = random.Random(seed)
    fixed = len(COMMON) + 1  # common headers and the top-level CMakeLists.txt
    sizes = project_sizes(max(files - fixed, 5), max(per_project, 5))
    mean = lines / max(files, 1)
    total_files, total_lines = fixed, 0
    for name in sorted(COMMON):
        total_lines += write(root, f"common/{name}", COMMON[name])
    for index, size in enumerate(sizes):
        f, n = write_project(rng, root, index, size, mean)
        total_files += f
        total_lines += n
    subdirs = "\n".join(f"add_subdirectory(projects/{WORDS[i % len(WORDS)]}_{i:04d})"
                        for i in range(len(sizes)))
    total_lines += write(root, "CMakeLists.txt",
                         f"cmake_minimum_required(VERSION 3.18)\nproject(generated LANGUAGES CXX CUDA)\n\n{subdirs}\n")
    return total_files, total_lines


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", metavar="OUT_DIR")
    ap.add_argument("--files", type=int, default=2000, help="files in the tree (default 2000)")
    ap.add_argument("--lines", type=int, default=400000, help="about this many lines in all (default 400000)")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--per-project", type=int, default=20, help="files per project folder (default 20)")
    args = ap.parse_args(argv)
    if os.path.exists(args.out) and os.listdir(args.out):
        print(f"gen_tree: {args.out} is not empty; give a new folder", file=sys.stderr)
        return 2
    files, lines = generate(args.out, args.files, args.lines, args.seed, args.per_project)
    print(f"gen_tree: wrote {files} files, {lines} lines to {args.out} (seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
