/* convert-graph-to-te for graph.cast from or to the 8-bit and 4-bit float
 * types (f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f8E8M0FNU, f4E2M1FN).
 *
 * LLVM has no host conversions for these formats (MLIR's LLVM lowering
 * stores them as i8 / i4 codes), and ONNX's rules (saturation, E8M0's
 * rounding modes, E2M1's NaN) are not arith's, so the elementwise compute
 * moves codes: a narrow source element is arith.bitcast to its code,
 * zero-extended to i64 and decoded by the scalar kernel
 * strata_narrow_to_f64 (exact); a narrow result is encoded from f64 by
 * strata_narrow_from_f64 and truncated and bitcast back
 * (runtime/narrow_types.h). The rest of the conversion (an integer or
 * another float to or from f64) is the usual cast's (g2t_convert).
 *
 * Other ops than cast, bitcast, constant and those that only move elements
 * are refused on these types (g2t_check_narrow_floats: arith would need
 * conversions LLVM does not have).
 *
 * Optional attributes of graph.cast, read here:
 *   saturate    bool, default true: a float8 result saturates to its
 *               largest finite value (false: overflow gives infinity for
 *               E5M2, NaN for the others); E2M1 always saturates
 *   round_mode  "up" (default), "down" or "nearest": how an f8E8M0FNU
 *               result rounds (Cast-24's round_mode) */
#include <string.h>

#include <mlir-c/Support.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/text.h"
#include "dialects/op_checks.h"
#include "lowering/graph_to_te.h"
#include "runtime/narrow_types.h"
#include "strata/diagnostics.h"

static bool narrow_format(MlirType t, strata_narrow_float_t *f) {
  if (mlirTypeIsAFloat8E4M3FN(t))
    *f = STRATA_F8E4M3FN;
  else if (mlirTypeIsAFloat8E4M3FNUZ(t))
    *f = STRATA_F8E4M3FNUZ;
  else if (mlirTypeIsAFloat8E5M2(t))
    *f = STRATA_F8E5M2;
  else if (mlirTypeIsAFloat8E5M2FNUZ(t))
    *f = STRATA_F8E5M2FNUZ;
  else if (mlirTypeIsAFloat8E8M0FNU(t))
    *f = STRATA_F8E8M0FNU;
  else if (mlirTypeIsAFloat4E2M1FN(t))
    *f = STRATA_F4E2M1FN;
  else
    return false;
  return true;
}

bool g2t_is_narrow_float(MlirType t) {
  strata_narrow_float_t f;
  return narrow_format(t, &f);
}

static bool has_narrow_float(MlirType shaped) {
  return mlirTypeIsAShaped(shaped) && g2t_is_narrow_float(mlirShapedTypeGetElementType(shaped));
}

MlirLogicalResult g2t_check_narrow_floats(MlirOperation op, const char *name) {
  static const char *const ok[] = {"cast",  "bitcast", "constant", "reshape", "transpose",
                                   "concat", "slice",  "flatten",  "gather",  "expand"};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; ++i)
    if (!strcmp(name, ok[i]))
      return mlirLogicalResultSuccess();
  MlirType found = {NULL};
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && mlirTypeIsNull(found); ++i)
    if (has_narrow_float(mlirValueGetType(mlirOperationGetOperand(op, i))))
      found = mlirValueGetType(mlirOperationGetOperand(op, i));
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op) && mlirTypeIsNull(found); ++i)
    if (has_narrow_float(mlirValueGetType(mlirOperationGetResult(op, i))))
      found = mlirValueGetType(mlirOperationGetResult(op, i));
  if (mlirTypeIsNull(found))
    return mlirLogicalResultSuccess();
  char buf[32];
  return strata_emit_error(op, "element type %s is not supported by convert-graph-to-te for "
                               "this op: the 8-bit and 4-bit floats are only cast, bitcast and "
                               "moved (cast to f32 to compute)",
                           strata_type_str(mlirShapedTypeGetElementType(found), buf, sizeof buf));
}

/* The encoding flags of the cast's attributes (narrow_types.h:
 * strata_narrow_from_f64); false after a located error. */
static bool encode_flags(g2t_t *g, strata_narrow_float_t f, int64_t *flags) {
  bool saturate = true;
  int round = STRATA_ROUND_UP;
  MlirAttribute sat = mlirOperationGetAttributeByName(g->op, strata_sref("saturate"));
  if (!mlirAttributeIsNull(sat)) {
    if (!mlirAttributeIsABool(sat))
      return strata_emit_error(g->op, "'saturate' must be a bool attribute"), false;
    saturate = mlirBoolAttrGetValue(sat);
  }
  MlirAttribute mode = mlirOperationGetAttributeByName(g->op, strata_sref("round_mode"));
  if (!mlirAttributeIsNull(mode)) {
    static const char *const modes[] = {"up", "down", "nearest"};
    round = -1;
    for (int i = 0; i < 3 && mlirAttributeIsAString(mode); ++i)
      if (strata_str_eq(mlirStringAttrGetValue(mode), modes[i]))
        round = i;
    if (round < 0)
      return strata_emit_error(g->op, "'round_mode' must be \"up\", \"down\" or \"nearest\""),
             false;
  }
  *flags = (int64_t)f | (int64_t)saturate << 4 | (int64_t)round << 5;
  return true;
}

static unsigned code_width(strata_narrow_float_t f) { return f == STRATA_F4E2M1FN ? 4 : 8; }

MlirLogicalResult g2t_lower_narrow_cast(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType s = g2t_elem(x), d = mlirShapedTypeGetElementType(rtype);
  MlirType f64 = mlirF64TypeGet(g->ctx), i64 = mlirIntegerTypeGet(g->ctx, 64);
  strata_narrow_float_t sf, df;
  bool from = narrow_format(s, &sf), to = narrow_format(d, &df);
  int64_t flags = 0;
  if (to && !encode_flags(g, df, &flags))
    return mlirLogicalResultFailure();
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  g2t_same_dims(g, x, rtype, dims);
  g2t_compute_t c = g2t_compute_begin(g, "cast", rtype, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  strata_builder_t *b = &c.in;
  MlirValue v = g2t_read(&c, x, c.idx);
  if (from) {
    MlirValue code = g2t_cast(b, "arith.bitcast", v, mlirIntegerTypeGet(g->ctx, code_width(sf)));
    g2t_declare_kernel(g, "strata_narrow_to_f64", "(i64, i64) -> f64");
    MlirValue args[2] = {g2t_cast(b, "arith.extui", code, i64), g2t_scalar(b, i64, sf)};
    v = g2t_call_kernel(b, "strata_narrow_to_f64", 2, args, f64);
    s = f64;
  }
  if (to) {
    g2t_declare_kernel(g, "strata_narrow_from_f64", "(f64, i64) -> i64");
    MlirValue args[2] = {g2t_convert(g, b, v, s, f64), g2t_scalar(b, i64, (double)flags)};
    MlirValue code = g2t_call_kernel(b, "strata_narrow_from_f64", 2, args, i64);
    code = g2t_cast(b, "arith.trunci", code, mlirIntegerTypeGet(g->ctx, code_width(df)));
    v = g2t_cast(b, "arith.bitcast", code, d);
  } else {
    v = g2t_convert(g, b, v, s, d);
  }
  *out = g2t_compute_end(&c, v);
  return mlirLogicalResultSuccess();
}
