// rocThrust keeps Thrust's names: none of them is a CUDA API to port.
#include <thrust/device_vector.h>
#include <thrust/sort.h>

void sort_keys(thrust::device_vector<int>& keys)
{
    thrust::sort(keys.begin(), keys.end());
}
