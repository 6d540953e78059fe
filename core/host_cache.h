/* The host's level-1 data and level-2 caches, read from sysfs, for schedules that size
 * their blocks to it (never a constant measured on one CPU). */
#ifndef STRATA_CORE_HOST_CACHE_H
#define STRATA_CORE_HOST_CACHE_H

/* Size in bytes of cpu0's level-1 data (or unified) cache; 32 KiB when
 * sysfs does not say. Read once per process. */
long strata_host_l1d_bytes(void);
/* Its line size in bytes; 64 when sysfs does not say. */
long strata_host_cache_line_bytes(void);
/* Size in bytes of cpu0's level-2 (data or unified) cache; 256 KiB when
 * sysfs does not say. Read once per process. */
long strata_host_l2_bytes(void);

#endif
