#ifndef CONFIG_H
#define CONFIG_H
/* what the program's build would choose, fixed in a header of the project */
#define USE_ASYNC 0
#define BLOCK 256
#define WIDE (BLOCK * 2)
#undef LEGACY
#endif
