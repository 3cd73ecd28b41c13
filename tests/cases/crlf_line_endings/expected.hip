#include <hip/hip_runtime.h>
// CRLF line endings stay CRLF
int main() {
  hipDeviceSynchronize();
  return 0;
}
