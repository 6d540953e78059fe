/* Building blocks of schedule traces (te_schedule_steps.h): the attribute
 * shapes of knobs and steps that dialects/te/te_trace.h decodes, built
 * once for every pass that writes traces. */
#include "passes/te/te_schedule_steps.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "dialects/te/te.h"
#include "dialects/te/te_trace.h"

MlirAttribute strata_te_knob(MlirContext ctx, const char *name, intptr_t n,
                             const MlirAttribute *choices) {
  MlirNamedAttribute k[2] = {strata_named(ctx, "knob", strata_string_attr(ctx, name)),
                             strata_named(ctx, "choices", mlirArrayAttrGet(ctx, n, choices))};
  return mlirDictionaryAttrGet(ctx, 2, k);
}

MlirAttribute strata_te_bool_knob(MlirContext ctx, const char *name, bool first) {
  MlirAttribute c[2] = {mlirBoolAttrGet(ctx, first), mlirBoolAttrGet(ctx, !first)};
  return strata_te_knob(ctx, name, 2, c);
}

MlirAttribute strata_te_axis_step(MlirContext ctx, const char *prim, MlirAttribute axis) {
  MlirNamedAttribute f = strata_named(ctx, "axis", axis);
  return strata_te_step_attr(ctx, prim, 1, &f);
}

MlirAttribute strata_te_split_step(MlirContext ctx, MlirAttribute axis, MlirAttribute factors) {
  MlirNamedAttribute f[2] = {strata_named(ctx, "axis", axis),
                             strata_named(ctx, "factors", factors)};
  return strata_te_step_attr(ctx, "split", 2, f);
}

MlirAttribute strata_te_axis_order(MlirContext ctx, MlirOperation op, bool row_outside,
                                   const char *row, const char *tail) {
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  MlirAttribute order[STRATA_TE_MAX_AXES + 1];
  intptr_t k = 0;
  for (intptr_t i = 0; i + 1 < ns; ++i)
    order[k++] = strata_te_axis_name_attr(ctx, op, i, "");
  if (row_outside)
    order[k++] = strata_te_axis_name_attr(ctx, op, ns - 1, row);
  for (intptr_t r = 0; r < nr; ++r)
    order[k++] = strata_te_axis_name_attr(ctx, op, ns + r, "");
  if (!row_outside)
    order[k++] = strata_te_axis_name_attr(ctx, op, ns - 1, row);
  if (tail)
    order[k++] = strata_te_axis_name_attr(ctx, op, ns - 1, tail);
  return mlirArrayAttrGet(ctx, k, order);
}

MlirAttribute strata_te_parallel_step(MlirContext ctx, MlirOperation op, intptr_t axes, bool knob,
                                      bool on) {
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  for (intptr_t d = 0; d < axes; ++d)
    if (mlirShapedTypeGetDimSize(rt, d) >= 2) {
      MlirAttribute axis = strata_te_axis_name_attr(ctx, op, d, "");
      if (!knob)
        return strata_te_axis_step(ctx, "parallel", axis);
      MlirNamedAttribute pf[2] = {
          strata_named(ctx, "axis", axis),
          strata_named(ctx, "enabled", strata_te_bool_knob(ctx, "parallel", on))};
      return strata_te_step_attr(ctx, "parallel", 2, pf);
    }
  return (MlirAttribute){NULL};
}

double strata_te_iterations(MlirOperation op) {
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  double n = 1;
  for (intptr_t d = 0; d < ns; ++d)
    n *= (double)mlirShapedTypeGetDimSize(rt, d);
  for (intptr_t r = 0; r < nr; ++r)
    n *= (double)strata_te_compute_reduce_extent(op, r);
  return n;
}

static bool depends_within(MlirValue v, MlirValue arg, int depth) {
  if (mlirValueEqual(v, arg))
    return true;
  if (!mlirValueIsAOpResult(v))
    return false;
  if (depth > 32)
    return true;
  MlirOperation def = mlirOpResultGetOwner(v);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (depends_within(mlirOperationGetOperand(def, i), arg, depth + 1))
      return true;
  return false;
}

bool strata_te_depends_on(MlirValue v, MlirValue arg) { return depends_within(v, arg, 0); }
