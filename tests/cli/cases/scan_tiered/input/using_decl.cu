#include <iostream>
#include <cuda_runtime.h>

// Using-declarations of names its own <iostream> declares: no parse needed.
using std::cout;
using std::endl;

int main() {
  int devices = 0;
  cudaGetDeviceCount(&devices);
  cout << devices << endl;
  return 0;
}
