// texture_object: reads through texture objects, the only texture API left
// in CUDA 12+.
//
// A 64 x 32 float image sits in a cudaArray; each output is the texel plus
// its right neighbour, fetched with tex2D under clamp addressing, so the
// last column counts itself twice. A second texture object views a plain
// device buffer (cudaResourceTypeLinear) and is gathered with tex1Dfetch.
// Point sampling of small integers keeps every value exact.
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

static const int W = 64;
static const int H = 32;
static const int N1 = 4096;

__global__ void pair_sum(cudaTextureObject_t img, float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        out[y * w + x] = tex2D<float>(img, x + 0.5f, y + 0.5f) + tex2D<float>(img, x + 1.5f, y + 0.5f);
}

__global__ void gather(cudaTextureObject_t src, const int* idx, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1Dfetch<float>(src, idx[i]);
}

static cudaTextureObject_t make_texture(const cudaResourceDesc* res)
{
    cudaTextureDesc desc;
    memset(&desc, 0, sizeof(desc));
    desc.addressMode[0] = cudaAddressModeClamp;
    desc.addressMode[1] = cudaAddressModeClamp;
    desc.filterMode = cudaFilterModePoint;
    desc.readMode = cudaReadModeElementType;
    desc.normalizedCoords = 0;
    cudaTextureObject_t tex = 0;
    CHECK(cudaCreateTextureObject(&tex, res, &desc, NULL));
    return tex;
}

static cudaTextureObject_t image_texture(const float* img, cudaArray_t* array)
{
    cudaChannelFormatDesc channel = cudaCreateChannelDesc<float>();
    CHECK(cudaMallocArray(array, &channel, W, H));
    CHECK(cudaMemcpy2DToArray(*array, 0, 0, img, W * sizeof(float), W * sizeof(float), H,
                              cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeArray;
    res.res.array.array = *array;
    return make_texture(&res);
}

static cudaTextureObject_t linear_texture(float* d_buf, int n)
{
    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = d_buf;
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = n * sizeof(float);
    return make_texture(&res);
}

static void fill_inputs(float* img, float* src, int* idx)
{
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            img[y * W + x] = (float)((x * 3 + y * 5) % 17);
    for (int i = 0; i < N1; ++i) {
        src[i] = (float)(i % 251);
        idx[i] = (i * 13) % N1;
    }
}

int main()
{
    float* img = (float*)malloc(W * H * sizeof(float));
    float* pairs = (float*)malloc(W * H * sizeof(float));
    float* src = (float*)malloc(N1 * sizeof(float));
    float* gathered = (float*)malloc(N1 * sizeof(float));
    int* idx = (int*)malloc(N1 * sizeof(int));
    fill_inputs(img, src, idx);

    cudaArray_t array;
    float *d_pairs, *d_src, *d_gathered;
    int* d_idx;
    CHECK(cudaMalloc((void**)&d_pairs, W * H * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_src, N1 * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_gathered, N1 * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_idx, N1 * sizeof(int)));
    CHECK(cudaMemcpy(d_src, src, N1 * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_idx, idx, N1 * sizeof(int), cudaMemcpyHostToDevice));
    cudaTextureObject_t tex_img = image_texture(img, &array);
    cudaTextureObject_t tex_src = linear_texture(d_src, N1);

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    pair_sum<<<dim3(W / 16, H / 16), dim3(16, 16)>>>(tex_img, d_pairs, W, H);
    CHECK(cudaGetLastError());
    gather<<<N1 / 256, 256>>>(tex_src, d_idx, d_gathered, N1);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(cudaMemcpy(pairs, d_pairs, W * H * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(gathered, d_gathered, N1 * sizeof(float), cudaMemcpyDeviceToHost));

    int mismatches = 0;
    double pair_total = 0.0, gather_total = 0.0;
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            int right = x + 1 < W ? x + 1 : W - 1;
            mismatches += pairs[y * W + x] != img[y * W + x] + img[y * W + right];
            pair_total += pairs[y * W + x];
        }
    for (int i = 0; i < N1; ++i) {
        mismatches += gathered[i] != src[idx[i]];
        gather_total += gathered[i];
    }
    int pass = mismatches == 0;

    printf("pairs[0]: %.9g\n", pairs[0]);
    printf("pairs[63]: %.9g\n", pairs[W - 1]);
    printf("pairs[2047]: %.9g\n", pairs[W * H - 1]);
    printf("pair_total: %.1f\n", pair_total);
    printf("gathered[1]: %.9g\n", gathered[1]);
    printf("gather_total: %.1f\n", gather_total);
    printf("mismatches: %d\n", mismatches);
    printf("time_ms: %.3f\n", ms);
    printf("check: %s\n", pass ? "PASS" : "FAIL");

    CHECK(cudaDestroyTextureObject(tex_img));
    CHECK(cudaDestroyTextureObject(tex_src));
    CHECK(cudaFreeArray(array));
    CHECK(cudaFree(d_pairs));
    CHECK(cudaFree(d_src));
    CHECK(cudaFree(d_gathered));
    CHECK(cudaFree(d_idx));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(img);
    free(pairs);
    free(src);
    free(gathered);
    free(idx);
    return pass ? 0 : 1;
}
