// C++ overloads of the runtime API go by the overload called: HIP names some of
// them as other calls.
#include <hip/hip_runtime.h>
__global__ void k(float* p) { p[threadIdx.x] = 0; }
int main()
{
    hipEvent_t a, b;
    unsigned int flags = hipEventDisableTiming;
    hipEventCreate(&a);
    hipEventCreateWithFlags(&b, flags);
    hipEventCreateWithFlags(&b, hipEventBlockingSync);
    float* pinned;
    void* raw;
    hipHostMalloc(&pinned, 256);
    hipHostMalloc(&pinned, 256, hipHostMallocPortable);
    hipHostMalloc(&raw, 256);
    hipGraph_t g;
    hipGraphExec_t e;
    hipGraphCreate(&g, 0);
    hipGraphInstantiateWithFlags(&e, g, 0);
    hipGraphInstantiateWithFlags(&e, g, hipGraphInstantiateFlagAutoFreeOnLaunch);
    hipGraphInstantiateWithFlags(&e, g, 0);
    return 0;
}
