#include <hipblas/hipblas.h>
#define TIMER_VENDOR "hip"
