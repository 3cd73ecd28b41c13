// Texture and surface references (removed in CUDA 12); texture objects are fine.
#include <cuda_runtime.h>
texture<float, 1, cudaReadModeElementType> texRef; // expect HP2201
__global__ void by_reference(float *out) {
  out[threadIdx.x] = tex1Dfetch(texRef, threadIdx.x); // expect HP2201
}
__global__ void by_object(float *out, cudaTextureObject_t tex) {
  out[threadIdx.x] = tex1Dfetch<float>(tex, threadIdx.x);
}
void bind(float *d, size_t n) {
  cudaBindTexture(0, texRef, d, n * sizeof(float)); // expect HP2201
  cudaUnbindTexture(texRef); // expect HP2201
  cudaTextureDesc desc = {};
  cudaResourceDesc res = {};
  cudaTextureObject_t tex = 0;
  cudaCreateTextureObject(&tex, &res, &desc, nullptr);
  cudaDestroyTextureObject(tex);
}
