#include <hip/hip_runtime.h>
#include <hip/hip_runtime_api.h>
#ifdef HAVE_FP16
#include <hip/hip_fp16.h>
#endif
int main() { return hipDeviceSynchronize(); }
