#include <cuda/atomic>

// libcu++'s names live in namespace cuda, opened by macros: read through cuda::.
__global__ void count(int *n) {
  cuda::atomic_ref<int, cuda::thread_scope_device> counter(*n);
  counter.fetch_add(1);
}
