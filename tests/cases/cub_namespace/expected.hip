// hipCUB keeps CUB's API in namespace hipcub: only the namespace and the header
// change. A user's own variable called cub is not the namespace.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

using namespace hipcub;

int sum_on_device(const int* in, int* out, int n)
{
    void* scratch = nullptr;
    size_t bytes = 0;
    hipcub::DeviceReduce::Sum(scratch, bytes, in, out, n);
    hipMalloc(&scratch, bytes);
    DeviceReduce::Sum(scratch, bytes, in, out, n);
    hipFree(scratch);
    int cub = n; // not the namespace
    return cub;
}

__global__ void block_sum(const int* in, int* out)
{
    typedef hipcub::BlockReduce<int, 128> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp;
    int v = BlockReduce(temp).Sum(in[threadIdx.x]);
    if (threadIdx.x == 0)
        *out = v;
}
