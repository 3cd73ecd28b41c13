#ifndef TIMER_H
#define TIMER_H
#ifdef USE_HIP
#include "hip_vendor.h"
#endif
#ifdef _WIN32
#include <windows.h>
#else
#include <sys/time.h>
#endif
static double seconds(void) {
  struct timeval tv;
  gettimeofday(&tv, 0);
  return tv.tv_sec + 1e-6 * tv.tv_usec;
}
#endif
