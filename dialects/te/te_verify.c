/* The te dialect's checks that IRDL cannot express. te.compute: result
 * rank and element type, reduce extents, dims count, combiner/init
 * consistency, body arity and argument types, the yielded type, axis names
 * and the structure of its schedule trace (decoded by te_trace.c: known
 * primitives, known fields, value kinds, knob shape; not whether axes
 * exist at that point). te.read: index count and result type against the
 * tensor read, nesting in a te.compute. Docs: docs/dialects/te.md. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>

#include "core/checked_math.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "dialects/te/te_trace.h"
#include "dialects/tir/tir.h"
#include "dialects/verify.h"
#include "strata/diagnostics.h"

enum { MSG = 256 };

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static MlirType result_type(MlirOperation op) {
  return mlirValueGetType(mlirOperationGetResult(op, 0));
}

/* The combiner names (te.h), in strata_te_combiner_t order. */
static int combiner_names(const char *names[8]) {
  int n = 0;
  while (n < 8 && (names[n] = strata_te_combiner_name((strata_te_combiner_t)n)))
    ++n;
  return n;
}

static bool is_nonempty_string(MlirAttribute a) {
  return mlirAttributeIsAString(a) && mlirStringAttrGetValue(a).length > 0;
}

/* The schedule trace: every structural error is the decoder's. */
static MlirLogicalResult check_schedule(MlirOperation op) {
  strata_te_trace_t trace;
  strata_te_trace_error_t err;
  if (!strata_te_trace_decode(strata_te_compute_schedule(op), &trace, &err)) {
    char msg[512];
    return strata_emit_error(op, "%s", strata_te_trace_error_str(&err, "", msg, sizeof msg));
  }
  strata_te_trace_free(&trace);
  return mlirLogicalResultSuccess();
}

/* ---- te.compute verifier ------------------------------------------------ */

/* reduce_extents entries and the dims operand count. */
static MlirLogicalResult check_extents(MlirOperation op, MlirType type) {
  MlirAttribute extents;
  if (mlirLogicalResultIsFailure(strata_check_i64_array(op, "reduce_extents", &extents)))
    return mlirLogicalResultFailure();
  long dynamic = 0;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    dynamic += mlirShapedTypeIsDynamicDim(type, d);
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(extents); ++i) {
    int64_t e = mlirDenseI64ArrayGetElement(extents, i);
    if (e == STRATA_TE_DYNAMIC_EXTENT)
      ++dynamic;
    else if (e <= 0)
      return strata_emit_error(op, "reduce extent #%ld must be positive or -1 (dynamic), got %lld",
                               (long)i, (long long)e);
  }
  long dims = (long)mlirOperationGetNumOperands(op);
  if (dims != dynamic)
    return strata_emit_error(op,
                             "expects %ld dims operand(s) (one per dynamic result dimension "
                             "and dynamic reduce extent), got %ld",
                             dynamic, dims);
  return mlirLogicalResultSuccess();
}

/* combiner and init: both present (and valid) iff there are reduce axes. */
static MlirLogicalResult check_combiner(MlirOperation op, MlirType elem) {
  bool reduces = strata_te_compute_num_reduce(op) > 0;
  MlirAttribute combiner = attr(op, "combiner"), init = attr(op, "init");
  if (!reduces) {
    if (!mlirAttributeIsNull(combiner) || !mlirAttributeIsNull(init))
      return strata_emit_error(op, "'combiner' and 'init' must be absent without reduce axes");
    return mlirLogicalResultSuccess();
  }
  if (mlirAttributeIsNull(combiner))
    return strata_emit_error(op, "reduce axes require a 'combiner' attribute");
  const char *names[8];
  int n = combiner_names(names);
  if (mlirLogicalResultIsFailure(strata_check_string_in(op, "combiner", names, n, NULL)))
    return mlirLogicalResultFailure();
  if (mlirAttributeIsNull(init))
    return strata_emit_error(op, "reduce axes require an 'init' attribute");
  if (!(mlirAttributeIsAInteger(init) || mlirAttributeIsAFloat(init)) ||
      !mlirTypeEqual(mlirAttributeGetType(init), elem)) {
    char want[MSG], got[MSG];
    return strata_emit_error(op, "'init' must be an integer or float attribute of type %s, got %s",
                             strata_type_str(elem, want, sizeof want),
                             strata_attr_str(init, got, sizeof got));
  }
  return mlirLogicalResultSuccess();
}

/* Optional axis_names: one distinct non-empty string per axis. */
static MlirLogicalResult check_axis_names(MlirOperation op, intptr_t n_axes) {
  MlirAttribute names = attr(op, "axis_names");
  if (mlirAttributeIsNull(names))
    return mlirLogicalResultSuccess();
  bool ok = mlirAttributeIsAArray(names) && mlirArrayAttrGetNumElements(names) == n_axes;
  for (intptr_t i = 0; ok && i < n_axes; ++i) {
    MlirAttribute a = mlirArrayAttrGetElement(names, i);
    ok = is_nonempty_string(a);
    for (intptr_t j = 0; ok && j < i; ++j)
      ok = !mlirAttributeEqual(a, mlirArrayAttrGetElement(names, j));
  }
  if (!ok)
    return strata_emit_error(op, "'axis_names' must be an array of %ld distinct non-empty strings",
                             (long)n_axes);
  return mlirLogicalResultSuccess();
}

/* The body: one block, spatial + reduce index arguments, yields the element. */
static MlirLogicalResult check_body(MlirOperation op, MlirType elem) {
  MlirBlock body;
  MlirOperation yield;
  if (mlirLogicalResultIsFailure(strata_check_yield_body(op, 0, "body", 1, &body, &yield)))
    return mlirLogicalResultFailure();
  intptr_t spatial = strata_te_compute_num_spatial(op);
  intptr_t reduce = strata_te_compute_num_reduce(op);
  intptr_t args = mlirBlockGetNumArguments(body);
  if (args != spatial + reduce)
    return strata_emit_error(op, "body must have %ld index arguments (%ld spatial + %ld reduce), got %ld",
                             (long)(spatial + reduce), (long)spatial, (long)reduce, (long)args);
  char buf[MSG], buf2[MSG];
  for (intptr_t i = 0; i < args; ++i) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(body, i));
    if (!mlirTypeIsAIndex(t))
      return strata_emit_error(op, "body argument #%ld must be index, got %s", (long)i,
                               strata_type_str(t, buf, sizeof buf));
  }
  MlirType yielded = mlirValueGetType(mlirOperationGetOperand(yield, 0));
  if (!mlirTypeEqual(yielded, elem))
    return strata_emit_error(op, "body yields %s, expected the element type %s",
                             strata_type_str(yielded, buf, sizeof buf),
                             strata_type_str(elem, buf2, sizeof buf2));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verify_compute(MlirOperation op) {
  MlirType type = result_type(op); /* ranked: IRDL's !builtin.tensor */
  MlirType elem = mlirShapedTypeGetElementType(type);
  if (!strata_type_is_scalar(elem)) {
    char buf[MSG];
    return strata_emit_error(op, "result element type must be an integer, index or float type, got %s",
                             strata_type_str(elem, buf, sizeof buf));
  }
  int64_t count = 1;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    if (!mlirShapedTypeIsDynamicDim(type, d) &&
        !strata_mul_i64(count, mlirShapedTypeGetDimSize(type, d), &count)) {
      char buf[MSG];
      return strata_emit_error(op, "result type %s is too large: its element count does not fit "
                                   "in 64 bits",
                               strata_type_str(type, buf, sizeof buf));
    }
  if (mlirLogicalResultIsFailure(strata_check_nonempty_string(op, "name", NULL)) ||
      mlirLogicalResultIsFailure(check_extents(op, type)) ||
      mlirLogicalResultIsFailure(check_combiner(op, elem)) ||
      mlirLogicalResultIsFailure(check_body(op, elem)) ||
      mlirLogicalResultIsFailure(check_axis_names(
          op, strata_te_compute_num_spatial(op) + strata_te_compute_num_reduce(op))))
    return mlirLogicalResultFailure();
  return check_schedule(op);
}

static MlirLogicalResult verify_read(MlirOperation op) {
  MlirType type = mlirValueGetType(strata_te_read_tensor(op)); /* ranked (IRDL) */
  intptr_t rank = mlirShapedTypeGetRank(type);
  intptr_t n = strata_te_read_num_indices(op);
  if (n != rank)
    return strata_emit_error(op, "expects %ld indices for a rank-%ld tensor, got %ld", (long)rank,
                             (long)rank, (long)n);
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirType res = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeEqual(elem, res)) {
    char a[MSG], b[MSG];
    return strata_emit_error(op, "result type %s does not match the tensor element type %s",
                             strata_type_str(res, a, sizeof a), strata_type_str(elem, b, sizeof b));
  }
  if (mlirOperationIsNull(strata_te_enclosing_compute(op)))
    return strata_emit_error(op, "must be nested in a te.compute body");
  return strata_te_check_read_bounds(op);
}

MlirLogicalResult strata_te_verify_op(MlirOperation op) {
  if (strata_op_is(op, "te.compute"))
    return verify_compute(op);
  if (strata_op_is(op, "te.read"))
    return verify_read(op);
  return mlirLogicalResultSuccess();
}
