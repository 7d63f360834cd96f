#include "HeapStatistics.h"

#include <malloc.h>

size_t heap_statistics_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
