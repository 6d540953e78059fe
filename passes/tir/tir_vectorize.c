/* tir-vectorize: the `vectorize` schedule primitive. Checks that the loop
 * is innermost (no nested loops or other region ops) and that its extent
 * is a constant or bounded by one (min(c, ...) from a non-divisible split,
 * the tail handled by that bound), then marks it kind = "vectorized".
 * convert-tir-to-scf lowers vectorized loops as plain scf.for (correct; LLVM's
 * loop vectorizer may then vectorize them); explicit vector.transfer_read /
 * transfer_write codegen is a follow-up. Exports strata_tir_vectorize
 * (schedule.h) and the pass record. */
#include <mlir-c/BuiltinAttributes.h>

#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
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

MlirLogicalResult strata_tir_vectorize(MlirOperation loop) {
  char n[128], c[128];
  MlirOperation found[2] = {loop, {NULL}};
  mlirOperationWalk(loop, find_region_op, found, MlirWalkPreOrder);
  if (!mlirOperationIsNull(found[1]))
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
  MlirContext ctx = mlirOperationGetContext(loop);
  mlirOperationSetAttributeByName(loop, mlirStringRefCreateFromCString("kind"),
                                  strata_string_attr(ctx, "vectorized"));
  return mlirLogicalResultSuccess();
}

static const strata_pass_option_t options[] = {
    {.name = "loop", .kind = STRATA_OPTION_STRING, .default_value = "",
     .help = "name of the innermost loop to vectorize"},
    {.name = "compute", .kind = STRATA_OPTION_STRING, .default_value = "",
     .help = "restrict the search to the nest of this compute"},
};

static MlirLogicalResult run(MlirOperation module, const strata_pass_options_t *opts) {
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(strata_tir_find_option_loop(module, opts, &loop)))
    return mlirLogicalResultFailure();
  return strata_tir_vectorize(loop);
}

const strata_pass_info_t tir_vectorize_pass = {
    .argument = "tir-vectorize",
    .summary = "Mark an innermost tir loop vectorized (schedule primitive `vectorize`)",
    .description =
        "Sets kind = \"vectorized\" on the named loop after checking that it is "
        "innermost and that its extent is a constant or bounded by one (min(c, ...) "
        "from a non-divisible split). convert-tir-to-scf currently lowers vectorized "
        "loops as scf.for (correct code; explicit vector ops are a follow-up). "
        "Errors: not the innermost loop, extent not constant.",
    .anchor = "builtin.module",
    .options = options,
    .num_options = 2,
    .run = run,
};
