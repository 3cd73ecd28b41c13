#ifndef LIB_COMPAT_H
#define LIB_COMPAT_H
#ifndef LIB_MAJOR
#define LIB_MAJOR 1
static lib_status_t lib_sync(cudaStream_t s) { return (lib_status_t)cudaStreamSynchronize(s); }
#endif
#endif
