/* tir-fuse: the `fuse` schedule primitive. Loops a, b, ... each directly
 * and perfectly nested in the previous (only index arithmetic between them;
 * a reduction init in between is hoisted as reorder does) become one loop
 * named "a+b+..." over the product of their extents; the original indices
 * are recovered with arith.remui / arith.divui (innermost fastest). The
 * extents must not depend on the fused loops. Exports strata_tir_fuse
 * (schedule.h) and the pass record. */
#include <stdio.h>
#include <string.h>

#include <mlir-c/Dialect/Arith.h>

#include "core/checked_math.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

#define MAX_FUSE 8

static MlirValue binop(strata_builder_t *b, const char *op, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return strata_build_value(b, op, 2, operands, mlirValueGetType(x), 0, NULL);
}

MlirLogicalResult strata_tir_fuse(const MlirOperation *loops, int n) {
  char a[128], b[128], c[128];
  if (n < 1 || n > MAX_FUSE)
    return strata_emit_error(loops[0], "cannot fuse in compute '%s': 1 to %d loops, got %d",
                             strata_tir_compute_name(loops[0], c, sizeof c), MAX_FUSE, n);
  if (n == 1)
    return mlirLogicalResultSuccess();
  strata_tir_compute_name(loops[0], c, sizeof c);
  strata_op_list_t chain = {0};
  for (int i = 0; i < n; ++i) {
    if (i > 0 && !mlirOperationEqual(mlirOperationGetParentOperation(loops[i]), loops[i - 1])) {
      strata_op_list_free(&chain);
      return strata_emit_error(loops[i], "cannot fuse '%s' with '%s' in compute '%s': it is not "
                                         "directly nested in it",
                               strata_tir_loop_name(loops[i], b, sizeof b),
                               strata_tir_loop_name(loops[i - 1], a, sizeof a), c);
    }
    strata_op_list_push(&chain, loops[i]);
    if (mlirLogicalResultIsFailure(strata_tir_check_normalized(loops[i], "fuse"))) {
      strata_op_list_free(&chain);
      return mlirLogicalResultFailure();
    }
    MlirValue ub = strata_tir_for_upper(loops[i]);
    int64_t k;
    if (i > 0 && !strata_constant_int(ub, &k) && strata_tir_defined_inside(ub, loops[0])) {
      strata_op_list_free(&chain);
      return strata_emit_error(loops[i], "cannot fuse '%s' in compute '%s': its extent is "
                                         "computed inside '%s'",
                               strata_tir_loop_name(loops[i], b, sizeof b), c,
                               strata_tir_loop_name(loops[0], a, sizeof a));
    }
  }
  if (mlirLogicalResultIsFailure(strata_tir_make_perfect(&chain, "cannot fuse"))) {
    strata_op_list_free(&chain);
    return mlirLogicalResultFailure();
  }
  strata_op_list_free(&chain);

  /* Name, extents, kind. */
  char name[512] = "";
  MlirValue extents[MAX_FUSE];
  int64_t total = 1;
  bool constant = true, parallel = true;
  for (int i = 0; i < n; ++i) {
    size_t len = strlen(name);
    snprintf(name + len, sizeof name - len, "%s%s", i ? "+" : "",
             strata_tir_loop_name(loops[i], a, sizeof a));
    int64_t e;
    if (strata_constant_int(strata_tir_for_upper(loops[i]), &e)) {
      extents[i] = strata_tir_const_index(loops[0], e);
      if (!strata_mul_i64(total, e, &total))
        return strata_emit_error(loops[0], "cannot fuse '%s': the fused extent is too large "
                                           "(the product of the extents does not fit in 64 bits)",
                                 name);
    } else {
      extents[i] = strata_tir_for_upper(loops[i]);
      constant = false;
    }
    parallel = parallel && strata_tir_for_kind(loops[i]) == STRATA_TIR_LOOP_PARALLEL;
  }
  strata_builder_t bb = strata_builder_before(loops[0]);
  MlirValue ub;
  if (constant) {
    ub = strata_tir_const_index(loops[0], total);
  } else {
    ub = extents[0];
    for (int i = 1; i < n; ++i)
      ub = binop(&bb, "arith.muli", ub, extents[i]);
  }
  MlirOperation fused = strata_tir_build_for(&bb, strata_tir_const_index(loops[0], 0), ub,
                                             strata_tir_const_index(loops[0], 1), name,
                                             parallel ? "parallel" : "serial");
  strata_tir_copy_attrs(loops[0], fused, true);
  MlirBlock body = strata_tir_for_body(fused);
  MlirOperation term = mlirBlockGetTerminator(body);
  strata_builder_t in = strata_builder_at_end(body, bb.loc);
  MlirValue t = strata_tir_for_induction_var(fused), index[MAX_FUSE];
  for (int i = n - 1; i > 0; --i) {
    index[i] = binop(&in, "arith.remui", t, extents[i]);
    t = binop(&in, "arith.divui", t, extents[i]);
  }
  index[0] = t;
  /* Index arithmetic between the loops, in order, then the innermost body. */
  for (int i = 0; i + 1 < n; ++i) {
    MlirBlock lb = strata_tir_for_body(loops[i]);
    for (MlirOperation op = mlirBlockGetFirstOperation(lb); !mlirOperationIsNull(op);) {
      MlirOperation next = mlirOperationGetNextInBlock(op);
      if (strata_tir_is_pure(op))
        mlirOperationMoveBefore(op, term);
      op = next;
    }
  }
  strata_tir_move_body(loops[n - 1], term);
  for (int i = 0; i < n; ++i)
    mlirValueReplaceAllUsesOfWith(strata_tir_for_induction_var(loops[i]), index[i]);
  mlirOperationDestroy(loops[0]);
  return mlirLogicalResultSuccess();
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_fuse_run(MlirOperation module, const strata_pass_options_t *opts) {
  MlirOperation loops[MAX_FUSE];
  int n = strata_tir_option_loop_list(module, opts, "tir-fuse", "loops", loops, MAX_FUSE);
  return n < 0 ? mlirLogicalResultFailure() : strata_tir_fuse(loops, n);
}
