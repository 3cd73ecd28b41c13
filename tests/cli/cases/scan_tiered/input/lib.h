#ifndef LIB_H
#define LIB_H
#define LIB_MAJOR 2
typedef int lib_status_t;
#endif
