// C++ overloads of the runtime API go by the overload called: HIP names some of
// them as other calls.
#include <cuda_runtime.h>
__global__ void k(float* p) { p[threadIdx.x] = 0; }
int main()
{
    cudaEvent_t a, b;
    unsigned int flags = cudaEventDisableTiming;
    cudaEventCreate(&a);
    cudaEventCreate(&b, flags);
    cudaEventCreate(&b, cudaEventBlockingSync);
    float* pinned;
    void* raw;
    cudaMallocHost(&pinned, 256);
    cudaMallocHost(&pinned, 256, cudaHostAllocPortable);
    cudaMallocHost(&raw, 256);
    cudaGraph_t g;
    cudaGraphExec_t e;
    cudaGraphCreate(&g, 0);
    cudaGraphInstantiate(&e, g);
    cudaGraphInstantiate(&e, g, cudaGraphInstantiateFlagAutoFreeOnLaunch);
    cudaGraphInstantiateWithFlags(&e, g);
    return 0;
}
