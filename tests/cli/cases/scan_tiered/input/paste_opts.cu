// USE_FAST is paste_main.cu's, defined before it pastes this.
HOST(opts) {
#ifdef USE_FAST
  cudaMemset(d, 0, 64 * sizeof(Real));
#else
  cudaMemsetAsync(d, 0, 64 * sizeof(Real));
#endif
}
