/* tir-simplify-index: removes the integer divisions of packed-panel
 * indices that the loops make exact.
 *
 * A read of a packed operand, Bp[j div w, k, j rem w] (tir-cache-read, or
 * a constant packed at compile time by te-pack-constants), inside loops
 * that split j as j = j.0 * w + j.1 with j.1 < w, is Bp[j.0, k, j.1]: the
 * quotient and remainder are the loop variables. Left as divisions, LLVM
 * sees neither (it does not know j.1 < w), so the innermost loop's loads
 * are not consecutive and it is not vectorized. This pass finds every
 * arith.divui / arith.remui by a positive constant c inside tir.for loops
 * whose dividend is a linear form of the enclosing loops' variables
 * (tir_linear.h; each variable's bound from its loop's constant extent or
 * the constant of a min(c, ..) extent) in which the terms with a
 * coefficient that is not a multiple of c, plus the constant's remainder,
 * stay below c: the quotient is then the origin's quotient plus the
 * multiples' variables, the remainder the origin's remainder plus the
 * other terms (simplify below). Loops must start at 0 with step 1 to
 * contribute a variable; any other division is left as it is. Runs first
 * in strata-lower-to-llvm. */
#include <mlir-c/BuiltinTypes.h>

#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/tir_linear.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/pass.h"

static MlirWalkResult collect_divisions(MlirOperation op, void *user) {
  if (strata_op_is(op, "arith.divui") || strata_op_is(op, "arith.remui")) {
    int64_t c;
    if (strata_constant_int(mlirOperationGetOperand(op, 1), &c) && c > 0)
      strata_op_list_push(user, op);
  }
  return MlirWalkResultAdvance;
}

/* The enclosing normalized tir.for loops of `op`, innermost first (at most
 * STRATA_TIR_MAX_VARS), as variables with their bounds; the outermost of
 * them is the scope. False if there is none. */
static bool enclosing_vars(MlirOperation op, strata_tir_vars_t *vars) {
  vars->count = 0;
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p) && vars->count < STRATA_TIR_MAX_VARS;
       p = mlirOperationGetParentOperation(p)) {
    if (!strata_tir_is_for(p))
      continue;
    int64_t lb, step, bound;
    if (!strata_constant_int(strata_tir_for_lower(p), &lb) || lb != 0 ||
        !strata_constant_int(strata_tir_for_step(p), &step) || step != 1)
      continue;
    if (!strata_tir_extent_bound(p, &bound))
      bound = STRATA_TIR_UNBOUNDED;
    vars->vars[vars->count] = strata_tir_for_induction_var(p);
    vars->bound[vars->count] = bound;
    vars->scope = p;
    ++vars->count;
  }
  return vars->count > 0;
}

/* Replaces `op` (x div c or x rem c) by its exact form; true if it did.
 * x = S + cst + sum(coeff * var), with S (symbolic) a multiple of c, cst
 * and every coeff >= 0: the terms whose coeff is a multiple of c go to
 * the quotient, and the rest (with cst mod c) must stay below c. Then
 *   x div c = x0 div c + sum_high(coeff / c * var)
 *   x rem c = x0 rem c + sum_low(coeff * var)
 * with x0 = S + cst, x at the origin (loop invariant, folded when
 * constant). */
static bool simplify(MlirOperation op) {
  strata_tir_vars_t vars = {0};
  strata_tir_linear_t l;
  MlirValue x = mlirOperationGetOperand(op, 0);
  int64_t c;
  if (!strata_constant_int(mlirOperationGetOperand(op, 1), &c) || c <= 0 ||
      !enclosing_vars(op, &vars) || !strata_tir_linearize(&vars, x, &l))
    return false;
  if (l.cst < 0 || (l.sym && l.sym_div % c != 0))
    return false;
  bool div = strata_op_is(op, "arith.divui"), any = false;
  int64_t low = l.cst % c;
  for (int t = 0; t < vars.count; ++t) {
    if (l.coeff[t] < 0 || (l.coeff[t] % c != 0 && vars.bound[t] == STRATA_TIR_UNBOUNDED))
      return false;
    if (l.coeff[t] % c != 0)
      low += l.coeff[t] * (vars.bound[t] - 1);
    any |= l.coeff[t] != 0;
  }
  if (low >= c || !any)
    return false;
  strata_builder_t b = strata_builder_before(op);
  MlirValue origin = strata_tir_remat_at_origin(&b, &vars, x);
  if (mlirValueIsNull(origin))
    return false;
  MlirValue sum = strata_tir_index_op(&b, div ? "arith.divui" : "arith.remui", origin,
                                      strata_build_index(&b, c));
  for (int t = 0; t < vars.count; ++t) {
    bool high = l.coeff[t] % c == 0;
    int64_t k = div ? (high ? l.coeff[t] / c : 0) : (high ? 0 : l.coeff[t]);
    if (k == 0)
      continue;
    MlirValue term = vars.vars[t];
    if (k != 1)
      term = strata_tir_index_op(&b, "arith.muli", term, strata_build_index(&b, k));
    sum = strata_tir_index_op(&b, "arith.addi", sum, term);
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), sum);
  mlirOperationDestroy(op);
  return true;
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_simplify_index_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_rewrite_walked(module, collect_divisions, MlirWalkPostOrder, simplify);
  return mlirLogicalResultSuccess();
}
