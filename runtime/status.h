/* How the runtime reports errors: functions return false (or NULL) and hand
 * the caller a malloc'd message naming what failed and why. */
#ifndef STRATA_RUNTIME_STATUS_H
#define STRATA_RUNTIME_STATUS_H

#include <stdbool.h>

#if defined(__GNUC__)
#define STRATA_RT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define STRATA_RT_PRINTF(f, a)
#endif

/* Sets *error to the formatted message (caller frees) and returns false. */
bool strata_fail(char **error, const char *fmt, ...) STRATA_RT_PRINTF(2, 3);

#endif
