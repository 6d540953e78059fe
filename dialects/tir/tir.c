/* The tir dialect's checks that IRDL cannot express (loop kind and buffer
 * scope values, non-empty loop names, positive constant steps, the loop body's
 * gpu.yield terminator, one `dims` operand per dynamic buffer dimension), and
 * the accessors declared in tir.h. */
#include "dialects/tir/tir.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/op_checks.h"
#include "dialects/verify.h"
#include "strata/diagnostics.h"

static const char *const loop_kinds[] = {"serial", "parallel", "vectorized", "unrolled"};
static const char *const scopes[] = {"global", "local", "packed"};
enum { N_LOOP_KINDS = 4, N_SCOPES = 3 };

STRATA_ENUM_NAMES(strata_tir_loop_kind_t, strata_tir_loop_kind_from_string,
                  strata_tir_loop_kind_name, loop_kinds, N_LOOP_KINDS)
STRATA_ENUM_NAMES(strata_tir_scope_t, strata_tir_scope_from_string, strata_tir_scope_name, scopes,
                  N_SCOPES)

char *strata_tir_scope_list(char *buf, size_t size) {
  return strata_str_list(scopes, N_SCOPES, buf, size);
}

static MlirStringRef attr_string(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return (MlirStringRef){NULL, 0};
  return mlirStringAttrGetValue(a);
}

strata_tir_loop_kind_t strata_tir_for_kind(MlirOperation op) {
  return strata_tir_loop_kind_from_string(attr_string(op, "kind"));
}

void strata_tir_for_set_kind(MlirOperation op, strata_tir_loop_kind_t kind) {
  MlirStringRef name = mlirStringRefCreateFromCString(strata_tir_loop_kind_name(kind));
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("kind"),
                                  mlirStringAttrGet(mlirOperationGetContext(op), name));
}

MlirStringRef strata_tir_for_name(MlirOperation op) { return attr_string(op, "name"); }
MlirValue strata_tir_for_lower(MlirOperation op) { return mlirOperationGetOperand(op, 0); }
MlirValue strata_tir_for_upper(MlirOperation op) { return mlirOperationGetOperand(op, 1); }
MlirValue strata_tir_for_step(MlirOperation op) { return mlirOperationGetOperand(op, 2); }

MlirBlock strata_tir_for_body(MlirOperation op) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
}

MlirValue strata_tir_for_induction_var(MlirOperation op) {
  return mlirBlockGetArgument(strata_tir_for_body(op), 0);
}

strata_tir_scope_t strata_tir_alloc_buffer_scope(MlirOperation op) {
  return strata_tir_scope_from_string(attr_string(op, "scope"));
}

/* tir.for: name, kind, step, body. */
static MlirLogicalResult verify_for(MlirOperation op) {
  if (mlirLogicalResultIsFailure(strata_check_nonempty_string(op, "name", NULL)) ||
      mlirLogicalResultIsFailure(strata_check_string_in(op, "kind", loop_kinds, N_LOOP_KINDS, NULL)))
    return mlirLogicalResultFailure();
  int64_t step;
  if (strata_constant_int(strata_tir_for_step(op), &step) && step <= 0)
    return strata_emit_error(op, "step must be positive, got %lld", (long long)step);
  return strata_check_yield_body(op, 0, "body", 0, NULL, NULL);
}

/* tir.alloc_buffer: scope, one dims operand per dynamic dimension. */
static MlirLogicalResult verify_alloc_buffer(MlirOperation op) {
  if (mlirLogicalResultIsFailure(strata_check_string_in(op, "scope", scopes, N_SCOPES, NULL)))
    return mlirLogicalResultFailure();
  /* Ranked: IRDL's !builtin.memref excludes unranked memrefs. */
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t dynamic = 0;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    dynamic += mlirShapedTypeIsDynamicDim(type, d);
  intptr_t dims = mlirOperationGetNumOperands(op);
  if (dims != dynamic)
    return strata_emit_error(op, "expects %lld dims operand(s), one per dynamic dimension, got %ld",
                             (long long)dynamic, (long)dims);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult strata_tir_verify_op(MlirOperation op) {
  if (strata_op_is(op, "tir.for"))
    return verify_for(op);
  if (strata_op_is(op, "tir.alloc_buffer"))
    return verify_alloc_buffer(op);
  return mlirLogicalResultSuccess();
}
