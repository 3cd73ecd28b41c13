// scan_config.h: sizes shared by the scan kernels and the host code. It lives
// in include/ and is reached through -Iinclude with angle brackets, the way
// projects include their own public headers.
#ifndef SCAN_CONFIG_H
#define SCAN_CONFIG_H

#define SCAN_THREADS 256
#define SCAN_ELEMS (2 * SCAN_THREADS)  // each thread owns two elements
#define SCAN_N (1 << 18)
#define SCAN_BLOCKS (SCAN_N / SCAN_ELEMS)

// The block sums are scanned by one more block, so there may be at most
// SCAN_ELEMS of them.
#if SCAN_BLOCKS > SCAN_ELEMS
#error "SCAN_N too large for a two-level scan"
#endif

#endif
