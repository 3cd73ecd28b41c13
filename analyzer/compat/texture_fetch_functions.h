/* hipport parser compatibility header. clang's CUDA wrapper
 * (__clang_cuda_runtime_wrapper.h) includes texture_fetch_functions.h, which CUDA
 * 12 removed from the toolkit together with texture references. The parser only
 * needs the include to succeed; nothing is declared here. */
