/* tir-vectorize: the `vectorize` schedule primitive. Checks that the loop
 * is innermost (no nested loops or other region ops) and that its extent
 * is a constant or bounded by one (min(c, ...) from a non-divisible split,
 * the tail handled by that bound), then marks it kind = "vectorized"; the
 * reduction's init loop of the same axis (`<loop>.init`, in the compute's
 * init nest), when it is innermost with such an extent too, is marked as
 * well. convert-tir-to-scf gives vectorized loops explicit vector code
 * where their bodies qualify (lowering/tir_loop_vectorizer.c), else plain
 * scf.for. Exports strata_tir_vectorize (schedule.h) and the pass record. */
#include <stdio.h>

#include <mlir-c/BuiltinAttributes.h>

#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

static MlirWalkResult find_region_op(MlirOperation op, void *user) {
  MlirOperation *loop = user;
  if (!mlirOperationEqual(op, loop[0]) && mlirOperationGetNumRegions(op) > 0) {
    loop[1] = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static bool innermost(MlirOperation loop) {
  MlirOperation found[2] = {loop, {NULL}};
  mlirOperationWalk(loop, find_region_op, found, MlirWalkPreOrder);
  return mlirOperationIsNull(found[1]);
}

/* Marks the init loop `<name>.init` of loop's compute vectorized when there
 * is exactly one, innermost, with a constant or bounded extent. */
static void vectorize_init(MlirOperation loop, const char *name, const char *compute) {
  MlirOperation scope = loop;
  while (!mlirOperationIsNull(scope) && !strata_op_is(scope, "func.func"))
    scope = mlirOperationGetParentOperation(scope);
  if (mlirOperationIsNull(scope))
    return;
  char init[160];
  snprintf(init, sizeof init, "%s.init", name);
  strata_op_list_t roots = {0}, found = {0};
  strata_tir_collect_roots(scope, compute, &roots);
  for (size_t i = 0; i < roots.count; ++i)
    strata_tir_collect_named(roots.ops[i], init, &found);
  int64_t bound;
  if (found.count == 1 && innermost(found.ops[0]) && strata_tir_extent_bound(found.ops[0], &bound))
    strata_tir_for_set_kind(found.ops[0], STRATA_TIR_LOOP_VECTORIZED);
  strata_op_list_free(&roots);
  strata_op_list_free(&found);
}

MlirLogicalResult strata_tir_vectorize(MlirOperation loop) {
  char n[128], c[128];
  if (!innermost(loop))
    return strata_emit_error(loop, "cannot vectorize '%s' of compute '%s': it is not the "
                                   "innermost loop",
                             strata_tir_loop_name(loop, n, sizeof n),
                             strata_tir_compute_name(loop, c, sizeof c));
  int64_t bound;
  if (!strata_tir_extent_bound(loop, &bound))
    return strata_emit_error(loop, "cannot vectorize '%s' of compute '%s': its extent is not "
                                   "a constant (split it by a constant factor first)",
                             strata_tir_loop_name(loop, n, sizeof n),
                             strata_tir_compute_name(loop, c, sizeof c));
  strata_tir_for_set_kind(loop, STRATA_TIR_LOOP_VECTORIZED);
  vectorize_init(loop, strata_tir_loop_name(loop, n, sizeof n),
                 strata_tir_compute_name(loop, c, sizeof c));
  return mlirLogicalResultSuccess();
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_vectorize_run(MlirOperation module, const strata_pass_options_t *opts) {
  return strata_tir_run_on_option_loop(module, opts, strata_tir_vectorize);
}
