/* strata_host_l1d_bytes: the level-1 data cache of cpu0 from
 * /sys/devices/system/cpu/cpu0/cache/index<i>/{level,type,size}, the
 * first level-1 entry that is not an instruction cache (and its
 * coherency_line_size: strata_host_cache_line_bytes). Read once (a
 * compile asks for it per matrix product); 32 KiB, the smallest L1d of
 * current x86 and Arm server cores, when sysfs is missing (containers
 * without /sys, other systems). strata_host_l2_bytes: the level-2 cache
 * the same way; 256 KiB when sysfs does not say. */
#include "core/host_cache.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

enum { FALLBACK_L1D = 32 * 1024, FALLBACK_L2 = 256 * 1024, FALLBACK_LINE = 64, MAX_INDEX = 8 };

/* A size in bytes from a sysfs cache file ("48K", "2048K", "64"), or 0. */
static long sysfs_size(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  long v = 0;
  char unit = 0;
  int n = fscanf(f, "%ld%c", &v, &unit);
  fclose(f);
  if (n < 1 || v <= 0)
    return 0;
  return unit == 'K' ? v * 1024 : unit == 'M' ? v * 1024 * 1024 : v;
}

static bool is_instruction_cache(int index) {
  char path[96], type[16] = {0};
  snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", index);
  FILE *f = fopen(path, "r");
  if (!f)
    return false;
  bool instruction = fscanf(f, "%15s", type) == 1 && strcmp(type, "Instruction") == 0;
  fclose(f);
  return instruction;
}

/* `field` ("size", "coherency_line_size") of the first cache of `level`
 * that is not an instruction cache, or 0. */
static long read_cache(int level, const char *field) {
  for (int i = 0; i < MAX_INDEX; ++i) {
    char path[112];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
    if (sysfs_size(path) != level || is_instruction_cache(i))
      continue;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/%s", i, field);
    long v = sysfs_size(path);
    if (v > 0)
      return v;
  }
  return 0;
}

/* read_cache(level, field), read once into *cached (0: not read yet;
 * passes may run on several threads); `fallback` when sysfs does not say
 * or says a value that is not a positive multiple of `multiple`. */
static long read_cache_once(_Atomic long *cached, int level, const char *field, long multiple,
                            long fallback) {
  long v = *cached;
  if (v == 0) {
    v = read_cache(level, field);
    *cached = v = v > 0 && v % multiple == 0 ? v : fallback;
  }
  return v;
}

long strata_host_l1d_bytes(void) {
  static _Atomic long cached;
  return read_cache_once(&cached, 1, "size", 1, FALLBACK_L1D);
}

long strata_host_cache_line_bytes(void) {
  static _Atomic long cached;
  return read_cache_once(&cached, 1, "coherency_line_size", 4, FALLBACK_LINE);
}

long strata_host_l2_bytes(void) {
  static _Atomic long cached;
  return read_cache_once(&cached, 2, "size", 1, FALLBACK_L2);
}
