/* Linear forms of index expressions over a few loop variables, for the
 * primitives that must see through the index arithmetic split/fuse/
 * cache_read leave (tensorize, cache_read): v = sum coeff[t] * var[t] +
 * cst + S, where S is a symbolic part independent of the variables (known
 * to be a multiple of sym_div). Understood ops: arith constants, addi,
 * subi, muli by a constant, and divui/divsi/remui/remsi by a constant when
 * the variable part cannot carry across a multiple of the divisor (the
 * shape of panel packing: j = 64*p + q with q < 64). Anything else is fine
 * as long as it does not depend on the variables (it becomes symbolic).
 * Also: rematerializing an expression at another insertion point with the
 * variables set to 0 (its value at the origin of a tile, for tensorize) or
 * to given values (a producer's value at a consumer's indices, for
 * compute_inline). */
#ifndef STRATA_PASSES_TIR_LINEAR_H
#define STRATA_PASSES_TIR_LINEAR_H

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/builder.h"

enum { STRATA_TIR_MAX_VARS = 8 };

typedef struct {
  int count;
  MlirValue vars[STRATA_TIR_MAX_VARS];
  int64_t bound[STRATA_TIR_MAX_VARS]; /* each var lies in [0, bound) */
  MlirOperation scope; /* values defined inside scope are recomputed by remat */
} strata_tir_vars_t;

typedef struct {
  int64_t coeff[STRATA_TIR_MAX_VARS];
  int64_t cst;
  bool sym;        /* has a symbolic part */
  int64_t sym_div; /* the symbolic part is a multiple of this (>= 1) */
} strata_tir_linear_t;

/* The linear form of `v`; false if v depends on the variables in a way the
 * rules above do not cover. */
bool strata_tir_linearize(const strata_tir_vars_t *vars, MlirValue v, strata_tir_linear_t *out);

/* True if the variable part is zero (v does not depend on any variable). */
bool strata_tir_linear_is_invariant(const strata_tir_linear_t *l);

/* v with every variable replaced by 0, computed at `b`: values defined
 * outside vars->scope are used as they are, ops inside it are cloned. */
MlirValue strata_tir_remat_at_origin(strata_builder_t *b, const strata_tir_vars_t *vars,
                                     MlirValue v);

/* v with variable t replaced by values[t], computed at `b` the same way
 * (any op inside vars->scope that v depends on is cloned, loads too). */
MlirValue strata_tir_remat_with(strata_builder_t *b, const strata_tir_vars_t *vars,
                                const MlirValue *values, MlirValue v);

/* --- regions of accesses (compute_at, cache_write) --------------------- */

/* The bound used for a variable whose extent has no constant bound: large,
 * so that div/rem through it is not linear (no_carry fails). */
#define STRATA_TIR_UNBOUNDED ((int64_t)1 << 31)

/* The tir.for loops strictly inside `outer` that enclose `op`, outermost
 * first, into loops[0..max). Returns their count, or -1 if there are more
 * than max. */
int strata_tir_loops_between(MlirOperation outer, MlirOperation op, MlirOperation *loops, int max);

/* v evaluated at the corner of the variables' box where the linear form `l`
 * of v is smallest (`largest` false) or largest (true): variable t becomes 0
 * or hi[t] (its largest value) by the sign of its coefficient. Computed at
 * `b` like strata_tir_remat_with. */
MlirValue strata_tir_remat_corner(strata_builder_t *b, const strata_tir_vars_t *vars,
                                  const strata_tir_linear_t *l, const MlirValue *hi, bool largest,
                                  MlirValue v);

#endif
