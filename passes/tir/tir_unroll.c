/* tir-unroll: the `unroll` schedule primitive, done for real (bodies are
 * copied, not just marked). With factor f, loop `a` of extent E becomes a
 * loop `a` over E / f whose body holds f copies of the original body at
 * index a*f + c (attribute unroll_factor = f), followed by a remainder loop
 * `a.tail` over [f*(E/f), E) when E is not a constant multiple of f.
 * Without a factor the loop is unrolled fully (factor = E: E must be a
 * constant, at most 1024), leaving a one-iteration loop that LLVM folds.
 * Exports strata_tir_unroll (schedule.h) and the pass record. */
#include <stdio.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>

#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

static MlirValue binop(strata_builder_t *b, const char *op, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return strata_build_value(b, op, 2, operands, mlirValueGetType(x), 0, NULL);
}

/* Copies loop's body (without its terminator) before `before`, with the
 * induction variable replaced by `index`. */
static void copy_body(MlirOperation loop, MlirValue index, MlirOperation before) {
  MlirOperation clone = mlirOperationClone(loop);
  mlirValueReplaceAllUsesOfWith(strata_tir_for_induction_var(clone), index);
  strata_tir_move_body(clone, before);
  mlirOperationDestroy(clone);
}

MlirLogicalResult strata_tir_unroll(MlirOperation loop, int64_t factor) {
  char ln[128], cn[128];
  strata_tir_loop_name(loop, ln, sizeof ln);
  strata_tir_compute_name(loop, cn, sizeof cn);
  if (factor < 0)
    return strata_emit_error(loop, "unroll of '%s' in compute '%s': factor %lld must be positive",
                             ln, cn, (long long)factor);
  if (factor == 1)
    return mlirLogicalResultSuccess();
  if (mlirLogicalResultIsFailure(strata_tir_check_normalized(loop, "unroll")))
    return mlirLogicalResultFailure();
  int64_t extent = 0;
  bool constant = strata_tir_const_extent(loop, &extent);
  if (factor == 0) {
    if (!constant)
      return strata_emit_error(loop, "cannot unroll '%s' of compute '%s' fully: its extent is "
                                     "not a constant (give a factor)", ln, cn);
    if (extent > STRATA_TIR_MAX_FULL_UNROLL)
      return strata_emit_error(loop, "cannot unroll '%s' of compute '%s' fully: extent %lld is "
                                     "more than %d (give a factor)",
                               ln, cn, (long long)extent, STRATA_TIR_MAX_FULL_UNROLL);
    factor = extent > 0 ? extent : 1;
  }
  if (factor > STRATA_TIR_MAX_FULL_UNROLL)
    return strata_emit_error(loop, "unroll of '%s' in compute '%s': factor %lld is more than %d",
                             ln, cn, (long long)factor, STRATA_TIR_MAX_FULL_UNROLL);
  char tail_name[160];
  snprintf(tail_name, sizeof tail_name, "%s.tail", ln);
  bool need_tail = !constant || extent % factor != 0;
  MlirOperation root = strata_tir_nest_root(loop);
  if (need_tail && strata_tir_name_taken(root, tail_name))
    return strata_emit_error(loop, "unroll of '%s' in compute '%s': loop '%s' already exists", ln,
                             cn, tail_name);

  MlirContext ctx = mlirOperationGetContext(loop);
  MlirValue ub = strata_tir_for_upper(loop);
  MlirValue f = strata_tir_const_index(loop, factor);
  strata_builder_t b = strata_builder_before(loop);
  MlirValue main_ub = constant ? strata_tir_const_index(loop, extent / factor)
                               : binop(&b, "arith.divsi", ub, f);
  MlirOperation main = strata_tir_build_for(
      &b, strata_tir_for_lower(loop), main_ub, strata_tir_for_step(loop), ln,
      strata_tir_loop_kind_name(strata_tir_for_kind(loop)));
  strata_tir_copy_attrs(loop, main, false);
  strata_tir_copy_attrs(loop, main, true);
  mlirOperationSetAttributeByName(main, mlirStringRefCreateFromCString("unroll_factor"),
                                  mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), factor));
  MlirBlock body = strata_tir_for_body(main);
  strata_builder_t in = strata_builder_at_end(body, b.loc);
  MlirValue base = binop(&in, "arith.muli", strata_tir_for_induction_var(main), f);
  for (int64_t c = 0; c < factor; ++c) {
    MlirValue index = c == 0 ? base
                             : binop(&in, "arith.addi", base, strata_tir_const_index(loop, c));
    copy_body(loop, index, mlirBlockGetTerminator(body));
  }
  if (need_tail) {
    /* The loop itself becomes the remainder loop over [f * (E / f), E). */
    strata_builder_t at = strata_builder_before(loop);
    MlirValue lb = constant ? strata_tir_const_index(loop, extent / factor * factor)
                            : binop(&at, "arith.muli", main_ub, f);
    mlirOperationSetOperand(loop, 0, lb);
    mlirOperationSetAttributeByName(loop, mlirStringRefCreateFromCString("name"),
                                    strata_string_attr(ctx, tail_name));
    mlirOperationRemoveAttributeByName(loop, mlirStringRefCreateFromCString("te.compute"));
    mlirOperationRemoveAttributeByName(loop, mlirStringRefCreateFromCString("te.schedule"));
  } else {
    mlirOperationDestroy(loop);
  }
  return mlirLogicalResultSuccess();
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_unroll_run(MlirOperation module, const strata_pass_options_t *opts) {
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(strata_tir_find_option_loop(module, opts, &loop)))
    return mlirLogicalResultFailure();
  return strata_tir_unroll(loop, strata_pass_options_get_int(opts, "factor"));
}
