/* te-default-schedule: gives every reduction compute that has no schedule a
 * heuristic one. For now one decision, the loop order: the reduce axes move
 * outside the innermost spatial axis (i, k, j for a matmul), so the inner
 * loop walks rows of both the inputs and the output contiguously, LLVM can
 * vectorize it, and the accumulator stays in place instead of striding down
 * a column of B per output element. Computes that already carry a
 * `schedule` are left as written. Tiling, packing and register tiles are the
 * next decisions to add here. */
#include <stdlib.h>

#include <mlir-c/BuiltinAttributes.h>

#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "strata/pass.h"

static MlirAttribute name_attr(MlirContext ctx, MlirOperation compute, intptr_t axis) {
  char buf[64];
  strata_te_compute_axis_name(compute, axis, buf, sizeof buf);
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(buf));
}

static MlirWalkResult schedule_compute(MlirOperation op, void *user) {
  (void)user;
  if (!strata_op_is(op, "te.compute") || !mlirAttributeIsNull(strata_te_compute_schedule(op)))
    return MlirWalkResultAdvance;
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  if (nr == 0 || ns < 2)
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(op);
  /* order = spatial[0 .. ns-2], reduce[0 .. nr-1], spatial[ns-1] */
  intptr_t n = ns + nr, k = 0;
  MlirAttribute *order = malloc((size_t)n * sizeof *order);
  for (intptr_t i = 0; i + 1 < ns; ++i)
    order[k++] = name_attr(ctx, op, i);
  for (intptr_t r = 0; r < nr; ++r)
    order[k++] = name_attr(ctx, op, ns + r);
  order[k++] = name_attr(ctx, op, ns - 1);
  MlirNamedAttribute fields[2] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("prim")),
                            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("reorder"))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("order")),
                            mlirArrayAttrGet(ctx, n, order)),
  };
  MlirAttribute step = mlirDictionaryAttrGet(ctx, 2, fields);
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("schedule"),
                                  mlirArrayAttrGet(ctx, 1, &step));
  free(order);
  return MlirWalkResultAdvance;
}

static MlirLogicalResult run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  mlirOperationWalk(module, schedule_compute, NULL, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}

const strata_pass_info_t te_default_schedule_pass = {
    .argument = "te-default-schedule",
    .summary = "Give unscheduled reduction computes a heuristic schedule",
    .description =
        "For each te.compute with reduce axes and at least two spatial axes that "
        "has no `schedule`, writes a trace that moves the reduce axes outside the "
        "innermost spatial axis (i, k, j for a matmul): contiguous inner loops over "
        "inputs and output that LLVM vectorizes. Scheduled computes are untouched.",
    .anchor = "builtin.module",
    .run = run,
};
