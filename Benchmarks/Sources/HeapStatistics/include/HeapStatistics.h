#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back (mallinfo2's uordblks + hblkhd).
size_t heap_statistics_in_use(void);

#endif
