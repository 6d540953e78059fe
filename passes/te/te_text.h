/* Text for the tuning wing: a growable string that MLIR's print callbacks
 * append to, and IR printed into malloc'd strings (the kernel and its
 * canonical text, knob values, captured diagnostics). */
#ifndef STRATA_PASSES_TE_TE_TEXT_H
#define STRATA_PASSES_TE_TE_TEXT_H

#include <mlir-c/IR.h>
#include <stddef.h>

typedef struct {
  char *data; /* NUL-terminated once anything is appended; NULL before */
  size_t len, cap;
} strata_te_text_t;

/* An MlirStringCallback: appends `s` to the strata_te_text_t at `user`. */
void strata_te_text_append(MlirStringRef s, void *user);
void strata_te_text_append_c(strata_te_text_t *t, const char *s);
/* The text (malloc'd, "" when nothing was appended); the buffer is the
 * caller's afterwards. */
char *strata_te_text_take(strata_te_text_t *t);

char *strata_te_print_op(MlirOperation op);
char *strata_te_print_attr(MlirAttribute a);
/* A malloc'd, NUL-terminated copy. */
char *strata_te_ref_dup(MlirStringRef s);

static inline MlirStringRef strata_te_sref(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

#endif
