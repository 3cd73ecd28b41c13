#ifndef CONFIG_H
#define CONFIG_H
#define USE_ASYNC 0
#endif
