/* IR building helpers for C passes (see builder.h). */
#include "core/builder.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdlib.h>

strata_builder_t strata_builder_before(MlirOperation op) {
  return (strata_builder_t){mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
}

strata_builder_t strata_builder_at_end(MlirBlock block, MlirLocation loc) {
  return (strata_builder_t){block, mlirBlockGetTerminator(block), loc};
}

MlirOperation strata_build_insert(strata_builder_t *b, MlirOperation op) {
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
  return op;
}

static MlirOperationState make_state(strata_builder_t *b, const char *name,
                                     intptr_t num_operands, const MlirValue *operands,
                                     intptr_t num_results, const MlirType *results,
                                     intptr_t num_attrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  if (num_operands)
    mlirOperationStateAddOperands(&st, num_operands, operands);
  if (num_results)
    mlirOperationStateAddResults(&st, num_results, results);
  if (num_attrs)
    mlirOperationStateAddAttributes(&st, num_attrs, attrs);
  return st;
}

MlirOperation strata_build_op(strata_builder_t *b, const char *name, intptr_t num_operands,
                              const MlirValue *operands, intptr_t num_results,
                              const MlirType *results, intptr_t num_attrs,
                              const MlirNamedAttribute *attrs) {
  MlirOperationState st =
      make_state(b, name, num_operands, operands, num_results, results, num_attrs, attrs);
  return strata_build_insert(b, mlirOperationCreate(&st));
}

MlirOperation strata_build_region_op(strata_builder_t *b, const char *name,
                                     intptr_t num_operands, const MlirValue *operands,
                                     intptr_t num_results, const MlirType *results,
                                     intptr_t num_attrs, const MlirNamedAttribute *attrs,
                                     intptr_t num_args, const MlirType *arg_types) {
  MlirOperationState st =
      make_state(b, name, num_operands, operands, num_results, results, num_attrs, attrs);
  MlirLocation *locs = malloc((size_t)(num_args > 0 ? num_args : 1) * sizeof *locs);
  for (intptr_t i = 0; i < num_args; ++i)
    locs[i] = b->loc;
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, mlirBlockCreate(num_args, arg_types, locs));
  free(locs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  return strata_build_insert(b, mlirOperationCreate(&st));
}

MlirValue strata_build_value(strata_builder_t *b, const char *name, intptr_t num_operands,
                             const MlirValue *operands, MlirType result, intptr_t num_attrs,
                             const MlirNamedAttribute *attrs) {
  MlirOperation op =
      strata_build_op(b, name, num_operands, operands, 1, &result, num_attrs, attrs);
  return mlirOperationGetResult(op, 0);
}

MlirNamedAttribute strata_named(MlirContext ctx, const char *name, MlirAttribute attr) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), attr);
}

MlirAttribute strata_string_attr(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s));
}

MlirValue strata_build_index(strata_builder_t *b, int64_t value) {
  MlirContext ctx = mlirLocationGetContext(b->loc);
  MlirType index = mlirIndexTypeGet(ctx);
  MlirNamedAttribute v = strata_named(ctx, "value", mlirIntegerAttrGet(index, value));
  return strata_build_value(b, "arith.constant", 0, NULL, index, 1, &v);
}

MlirValue strata_build_dim(strata_builder_t *b, MlirValue v, intptr_t d) {
  MlirType t = mlirValueGetType(v);
  if (!mlirShapedTypeIsDynamicDim(t, d))
    return strata_build_index(b, mlirShapedTypeGetDimSize(t, d));
  MlirValue operands[2] = {v, strata_build_index(b, d)};
  return strata_build_value(b, "memref.dim", 2, operands,
                            mlirIndexTypeGet(mlirValueGetContext(v)), 0, NULL);
}

MlirValue strata_build_scalar(strata_builder_t *b, MlirType type, double value) {
  MlirContext ctx = mlirLocationGetContext(b->loc);
  MlirAttribute attr = mlirTypeIsAFloat(type) ? mlirFloatAttrDoubleGet(ctx, type, value)
                                              : mlirIntegerAttrGet(type, (int64_t)value);
  MlirNamedAttribute v = strata_named(ctx, "value", attr);
  return strata_build_value(b, "arith.constant", 0, NULL, type, 1, &v);
}
