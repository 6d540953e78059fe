/* tir-split: the `split` schedule primitive. A loop `a` of extent E split by
 * inner factors f1..fn becomes n+1 nested loops a.0 (outermost) .. a.n with
 * a = a.0*P0 + a.1*P1 + ... + a.n (P_m = product of the factors after level
 * m). When E is a constant multiple of P0 every inner loop runs f_m times;
 * otherwise inner bounds are min(f_m, ceildiv(E - base, P_m)) (arith.minsi
 * on index), so odd extents stay correct without a guard in the body.
 * Exports strata_tir_split (schedule.h) and the pass record. */
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>

#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

#define MAX_FACTORS 8

static MlirValue binop(strata_builder_t *b, const char *op, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return strata_build_value(b, op, 2, operands, mlirValueGetType(x), 0, NULL);
}

MlirLogicalResult strata_tir_split(MlirOperation loop, const int64_t *factors, int n,
                                   MlirOperation *new_loops) {
  char ln[128], cn[128];
  strata_tir_loop_name(loop, ln, sizeof ln);
  strata_tir_compute_name(loop, cn, sizeof cn);
  if (n < 1 || n > MAX_FACTORS)
    return strata_emit_error(loop, "split of '%s' in compute '%s' needs 1 to %d factors, got %d",
                             ln, cn, MAX_FACTORS, n);
  int64_t prod[MAX_FACTORS + 1]; /* prod[m] = factors[m] * ... * factors[n-1] */
  prod[n] = 1;
  for (int m = n - 1; m >= 0; --m) {
    if (factors[m] <= 0)
      return strata_emit_error(loop, "split of '%s' in compute '%s': factor %lld must be positive",
                               ln, cn, (long long)factors[m]);
    if (factors[m] > (INT64_C(1) << 31) || prod[m + 1] > (INT64_C(1) << 31))
      return strata_emit_error(loop, "split of '%s' in compute '%s': factors are too large", ln,
                               cn);
    prod[m] = factors[m] * prod[m + 1];
  }
  if (mlirLogicalResultIsFailure(strata_tir_check_normalized(loop, "split")))
    return mlirLogicalResultFailure();
  MlirOperation root = strata_tir_nest_root(loop);
  char names[MAX_FACTORS + 1][160];
  for (int m = 0; m <= n; ++m) {
    snprintf(names[m], sizeof names[m], "%s.%d", ln, m);
    if (strata_tir_name_taken(root, names[m]))
      return strata_emit_error(loop, "split of '%s' in compute '%s': loop '%s' already exists", ln,
                               cn, names[m]);
  }

  int64_t extent = 0;
  bool constant = strata_tir_const_extent(loop, &extent);
  bool divisible = constant && extent % prod[0] == 0;
  MlirValue ub = strata_tir_for_upper(loop);
  MlirValue c0 = strata_tir_const_index(loop, 0), c1 = strata_tir_const_index(loop, 1);
  strata_builder_t b = strata_builder_before(loop);
  MlirValue ub0 = constant ? strata_tir_const_index(loop, (extent + prod[0] - 1) / prod[0])
                           : binop(&b, "arith.ceildivsi", ub, strata_tir_const_index(loop, prod[0]));
  const char *kind0 =
      strata_tir_for_kind(loop) == STRATA_TIR_LOOP_PARALLEL ? "parallel" : "serial";
  MlirOperation loops[MAX_FACTORS + 1];
  loops[0] = strata_tir_build_for(&b, c0, ub0, c1, names[0], kind0);
  /* base_m = a.0*P0 + ... + a.(m-1)*P(m-1), built in the body of a.(m-1). */
  MlirValue base = {NULL};
  for (int m = 1; m <= n; ++m) {
    MlirOperation parent = loops[m - 1];
    strata_builder_t in = strata_builder_at_end(strata_tir_for_body(parent), b.loc);
    MlirValue term = binop(&in, "arith.muli", strata_tir_for_induction_var(parent),
                           strata_tir_const_index(loop, prod[m - 1]));
    base = m == 1 ? term : binop(&in, "arith.addi", base, term);
    MlirValue ubm;
    MlirValue f = strata_tir_const_index(loop, factors[m - 1]);
    if (divisible) {
      ubm = f;
    } else {
      MlirValue rem = binop(&in, "arith.subi", ub, base);
      if (prod[m] != 1)
        rem = binop(&in, "arith.ceildivsi", rem, strata_tir_const_index(loop, prod[m]));
      ubm = binop(&in, "arith.minsi", f, rem);
    }
    loops[m] = strata_tir_build_for(&in, c0, ubm, c1, names[m], "serial");
  }
  /* The original index at the top of the innermost loop, then the body. */
  MlirOperation inner = loops[n];
  strata_builder_t top = strata_builder_at_end(strata_tir_for_body(inner), b.loc);
  MlirValue index = binop(&top, "arith.addi", base, strata_tir_for_induction_var(inner));
  strata_tir_move_body(loop, mlirBlockGetTerminator(strata_tir_for_body(inner)));
  mlirValueReplaceAllUsesOfWith(strata_tir_for_induction_var(loop), index);
  strata_tir_copy_attrs(loop, loops[0], true);
  mlirOperationDestroy(loop);
  if (new_loops)
    memcpy(new_loops, loops, (size_t)(n + 1) * sizeof *loops);
  return mlirLogicalResultSuccess();
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_split_run(MlirOperation module, const strata_pass_options_t *opts) {
  int64_t factors[MAX_FACTORS];
  const char *text = strata_pass_options_get_string(opts, "factors");
  int n = strata_tir_parse_ints(text, factors, MAX_FACTORS);
  if (n <= 0)
    return strata_emit_error(module, "tir-split: 'factors' must be a comma-separated list of "
                                     "1 to %d integers, got '%s'", MAX_FACTORS, text);
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(strata_tir_find_option_loop(module, opts, &loop)))
    return mlirLogicalResultFailure();
  return strata_tir_split(loop, factors, n, NULL);
}
