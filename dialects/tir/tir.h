/* Accessors for the tir dialect (loops and buffers), for the passes that
 * build and transform loop nests: loop kinds and buffer scopes as enums,
 * and the parts of a tir.for. All functions borrow; none allocates. */
#ifndef STRATA_DIALECTS_TIR_H
#define STRATA_DIALECTS_TIR_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

/* How a tir.for runs: its `kind` attribute. */
typedef enum {
  STRATA_TIR_LOOP_SERIAL,
  STRATA_TIR_LOOP_PARALLEL,
  STRATA_TIR_LOOP_VECTORIZED,
  STRATA_TIR_LOOP_UNROLLED,
  STRATA_TIR_LOOP_INVALID = -1,
} strata_tir_loop_kind_t;

/* Where a buffer lives: its `scope` attribute (te cache_read/cache_write
 * steps use the same names). */
typedef enum {
  STRATA_TIR_SCOPE_GLOBAL, /* ordinary memory, the function's buffers */
  STRATA_TIR_SCOPE_LOCAL,  /* registers / stack: small, per-thread */
  STRATA_TIR_SCOPE_PACKED, /* a contiguous copy of a panel (cache_read) */
  STRATA_TIR_SCOPE_INVALID = -1,
} strata_tir_scope_t;

/* Loop kind named `s` ("serial", ...), or STRATA_TIR_LOOP_INVALID. */
strata_tir_loop_kind_t strata_tir_loop_kind_from_string(MlirStringRef s);
/* The attribute spelling of `kind` (static storage); NULL if invalid. */
const char *strata_tir_loop_kind_name(strata_tir_loop_kind_t kind);

/* Scope named `s` ("global", "local", "packed"), or STRATA_TIR_SCOPE_INVALID. */
strata_tir_scope_t strata_tir_scope_from_string(MlirStringRef s);
/* The attribute spelling of `scope` (static storage); NULL if invalid. */
const char *strata_tir_scope_name(strata_tir_scope_t scope);
/* Writes the valid scope names, quoted, into buf (for messages). */
char *strata_tir_scope_list(char *buf, size_t size);

/* tir.for parts. `op` must be a verified tir.for. */
strata_tir_loop_kind_t strata_tir_for_kind(MlirOperation op);
/* Sets the loop's kind attribute (a schedule's parallel / vectorize mark). */
void strata_tir_for_set_kind(MlirOperation op, strata_tir_loop_kind_t kind);
MlirStringRef strata_tir_for_name(MlirOperation op); /* "i.0" */
MlirValue strata_tir_for_lower(MlirOperation op);
MlirValue strata_tir_for_upper(MlirOperation op);
MlirValue strata_tir_for_step(MlirOperation op);
MlirBlock strata_tir_for_body(MlirOperation op);
MlirValue strata_tir_for_induction_var(MlirOperation op);

/* The scope of a verified tir.alloc_buffer. */
strata_tir_scope_t strata_tir_alloc_buffer_scope(MlirOperation op);

#endif
