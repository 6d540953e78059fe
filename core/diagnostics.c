/* Formatted diagnostics on top of mlirEmitError (which takes a plain string):
 * every Strata verifier and pass reports errors through these. */
#include "strata/diagnostics.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { STRATA_DIAG_MAX = 1024 };

static MlirLogicalResult emit_v(MlirLocation loc, const char *prefix,
                                const char *fmt, va_list ap) {
  char msg[STRATA_DIAG_MAX];
  int n = prefix ? snprintf(msg, sizeof msg, "%s", prefix) : 0;
  if (n < 0)
    n = 0;
  if ((size_t)n < sizeof msg)
    vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
  mlirEmitError(loc, msg);
  return mlirLogicalResultFailure();
}

MlirLogicalResult strata_emit_error(MlirOperation op, const char *fmt, ...) {
  char prefix[256];
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(prefix, sizeof prefix, "'%.*s' op ", (int)name.length, name.data);
  va_list ap;
  va_start(ap, fmt);
  MlirLogicalResult r = emit_v(mlirOperationGetLocation(op), prefix, fmt, ap);
  va_end(ap);
  return r;
}

MlirLogicalResult strata_emit_error_at(MlirLocation loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  MlirLogicalResult r = emit_v(loc, NULL, fmt, ap);
  va_end(ap);
  return r;
}

typedef struct {
  char *buf;
  size_t size, used;
} str_sink_t;

static void append_to_sink(MlirStringRef s, void *user) {
  str_sink_t *sink = user;
  if (sink->used + 1 >= sink->size)
    return;
  size_t room = sink->size - 1 - sink->used;
  size_t n = s.length < room ? s.length : room;
  memcpy(sink->buf + sink->used, s.data, n);
  sink->used += n;
  sink->buf[sink->used] = '\0';
}

/* A sink over buf, which it empties (nothing to print into when size is 0). */
static str_sink_t sink_over(char *buf, size_t size) {
  if (size)
    buf[0] = '\0';
  return (str_sink_t){buf, size, 0};
}

char *strata_type_str(MlirType type, char *buf, size_t size) {
  str_sink_t sink = sink_over(buf, size);
  if (size)
    mlirTypePrint(type, append_to_sink, &sink);
  return buf;
}

char *strata_attr_str(MlirAttribute attr, char *buf, size_t size) {
  str_sink_t sink = sink_over(buf, size);
  if (size)
    mlirAttributePrint(attr, append_to_sink, &sink);
  return buf;
}
