/* Kernel timers for profiled models (strata-instrument-profile, strata-run
 * --profile): compiled code calls strata_profile_begin(id) before a kernel
 * and strata_profile_end(id) after it; the runtime sums the time and counts
 * the calls of each id. Ids are small integers the pass numbers from 0; the
 * names live in the module (the `strata.profile_kernels` attribute). Not
 * thread-safe: the calls sit in the entry function, outside parallel
 * regions. One kernel family (kernel_registry.c). */
#ifndef STRATA_RUNTIME_PROFILE_KERNELS_H
#define STRATA_RUNTIME_PROFILE_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime/kernel_abi.h"

void strata_profile_begin(int64_t id);
void strata_profile_end(int64_t id);

/* Forgets every time and count (e.g. after a warm-up run). */
void strata_profile_reset(void);
/* One more than the largest id that has been timed. */
int64_t strata_profile_num_ids(void);
/* Total seconds and number of completed begin/end pairs of `id` (0, 0 for
 * an id never timed). */
void strata_profile_get(int64_t id, double *seconds, int64_t *calls);

extern const strata_kernel_symbol_t strata_profile_kernels[];

#endif
