/* Formatted error messages for the runtime's status-returning functions. */
#include "runtime/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool strata_fail(char **error, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  *error = strdup(buf);
  return false;
}
