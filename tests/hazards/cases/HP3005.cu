// An NVRTC program: from ROCm 7.0 hipRTC is a library of its own, linked
// explicitly. The include says so once; other CUDA headers do not.
#include <cuda_runtime.h>
#include <nvrtc.h> // expect HP3005
#include <cuda.h>
// #include <nvrtc.h> in a comment is no include
int main() {
  nvrtcProgram prog;
  const char *src = "#include <nvrtc.h>";
  return nvrtcCreateProgram(&prog, src, "k.cu", 0, nullptr, nullptr) == NVRTC_SUCCESS ? 0 : 1;
}
