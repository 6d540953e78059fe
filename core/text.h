/* Small text utilities every layer needs, so that no file keeps its own
 * copy: a growable string that MLIR's print callbacks append to (printing
 * an op, attribute, type or location into memory), a C-string to
 * MlirStringRef shorthand, COUNTOF for static tables, and VFORMAT for
 * printf-like functions. */
#ifndef STRATA_CORE_TEXT_H
#define STRATA_CORE_TEXT_H

#include <mlir-c/IR.h>
#include <stddef.h>

/* The number of elements of a static array (not a pointer). */
#define STRATA_COUNTOF(a) (sizeof(a) / sizeof((a)[0]))

/* In a function taking `fmt, ...`: formats its arguments into the char
 * array `buf` (cut to size). Needs <stdarg.h> and <stdio.h>. */
#define STRATA_VFORMAT(buf, fmt)                                                             \
  do {                                                                                       \
    va_list strata_ap_;                                                                      \
    va_start(strata_ap_, fmt);                                                               \
    vsnprintf(buf, sizeof(buf), fmt, strata_ap_);                                            \
    va_end(strata_ap_);                                                                      \
  } while (0)

/* mlirStringRefCreateFromCString, shorter. */
static inline MlirStringRef strata_sref(const char *s) { return mlirStringRefCreateFromCString(s); }

/* A growable, always NUL-terminated string. Zero-initialise it
 * (strata_text_t t = {0}); data stays NULL until the first append. On
 * allocation failure it stops growing and sets `failed`. Free with
 * strata_text_free. */
typedef struct {
  char *data;
  size_t len, cap;
  int failed;
} strata_text_t;

/* An MlirStringCallback: appends s to the strata_text_t at `user`. */
void strata_text_append_cb(MlirStringRef s, void *user);
void strata_text_append(strata_text_t *t, const char *s, size_t n);
void strata_text_append_c(strata_text_t *t, const char *s);
/* The text so far ("" before any append); borrowed. */
const char *strata_text_str(const strata_text_t *t);
void strata_text_free(strata_text_t *t);
/* The text, malloc'd ("" when nothing was appended), handed to the caller;
 * t is empty again. NULL only when memory ran out. */
char *strata_text_take(strata_text_t *t);

/* IR printed into a malloc'd string (caller frees; NULL when memory ran
 * out), and a malloc'd NUL-terminated copy of a string ref. */
char *strata_print_op(MlirOperation op);
char *strata_print_attr(MlirAttribute a);
char *strata_ref_dup(MlirStringRef s);

/* A location printed as MLIR prints it (loc("file":3:7)), into buf; a
 * longer one is cut to size. */
void strata_location_text(MlirLocation loc, char *buf, size_t size);

#endif /* STRATA_CORE_TEXT_H */
