/* convert-graph-to-te, elementwise family: unary activations and math
 * (relu, sigmoid, neg, abs, gelu, leaky_relu, clip, bitwise_not, and the math ops:
 * tanh, exp, log, sqrt, erf, trigonometric and hyperbolic functions and
 * their inverses, round, ceil, floor), binary ops with numpy broadcasting (add, sub, mul, div, maximum,
 * minimum, pow, mod, shift_left, shift_right, bitwise_and/or/xor), cast and bitcast
 * (the narrow float casts: graph_to_te_narrow.c). Each becomes one te.compute without reduce axes
 * whose body reads the operand(s) at the output index (0 for broadcast
 * dims) and applies arith/math scalar ops. */
#include "lowering/graph_to_te.h"

#include <math.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/op_checks.h"
#include "strata/diagnostics.h"

static bool is_float(MlirType t) { return mlirTypeIsAFloat(t); }


/* The upstream math op computing a float-only unary graph op elementwise,
 * or NULL for the ops built from arith (relu, neg, abs, ...). */
static const char *math_unary_op(const char *n) {
  static const struct { const char *op, *math; } ops[] = {
      {"tanh", "math.tanh"},   {"exp", "math.exp"},     {"log", "math.log"},
      {"sqrt", "math.sqrt"},   {"erf", "math.erf"},     {"sin", "math.sin"},
      {"cos", "math.cos"},     {"tan", "math.tan"},     {"asin", "math.asin"},
      {"acos", "math.acos"},   {"atan", "math.atan"},   {"sinh", "math.sinh"},
      {"cosh", "math.cosh"},   {"asinh", "math.asinh"}, {"acosh", "math.acosh"},
      {"atanh", "math.atanh"}, {"round", "math.roundeven"}, /* ONNX: halves to even */
      {"ceil", "math.ceil"},   {"floor", "math.floor"},
  };
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (!strcmp(ops[i].op, n))
      return ops[i].math;
  return NULL;
}

/* The scalar function of a unary op applied to `x` inside the body. */
static MlirValue unary_body(g2t_t *g, strata_builder_t *b, MlirValue x) {
  const char *n = g->op_name;
  MlirType t = mlirValueGetType(x);
  bool f = is_float(t);
  if (!strcmp(n, "relu"))
    return g2t_bin(b, f ? "arith.maximumf" : "arith.maxsi", x, g2t_scalar(b, t, 0));
  if (!strcmp(n, "bitwise_not")) /* x xor all ones */
    return g2t_bin(b, "arith.xori", x, g2t_scalar(b, t, -1));
  if (!strcmp(n, "sigmoid")) {
    MlirValue e = g2t_un(b, "math.exp", g2t_un(b, "arith.negf", x));
    MlirValue one = g2t_scalar(b, t, 1.0);
    return g2t_bin(b, "arith.divf", one, g2t_bin(b, "arith.addf", one, e));
  }
  const char *math_op = math_unary_op(n);
  if (math_op)
    return g2t_un(b, math_op, x);
  if (!strcmp(n, "neg"))
    return f ? g2t_un(b, "arith.negf", x) : g2t_bin(b, "arith.subi", g2t_scalar(b, t, 0), x);
  if (!strcmp(n, "abs")) /* integers: max(x, 0 - x), plain arith */
    return f ? g2t_un(b, "math.absf", x)
             : g2t_bin(b, "arith.maxsi", x, g2t_bin(b, "arith.subi", g2t_scalar(b, t, 0), x));
  if (!strcmp(n, "gelu")) {
    MlirStringRef approx = mlirStringAttrGetValue(g2t_attr(g->op, "approximate"));
    MlirValue half = g2t_scalar(b, t, 0.5), one = g2t_scalar(b, t, 1.0), inner;
    if (approx.length == 4 && !memcmp(approx.data, "tanh", 4)) {
      /* 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) */
      MlirValue x3 = g2t_bin(b, "arith.mulf", g2t_bin(b, "arith.mulf", x, x), x);
      MlirValue s = g2t_bin(b, "arith.addf", x,
                            g2t_bin(b, "arith.mulf", g2t_scalar(b, t, 0.044715), x3));
      s = g2t_bin(b, "arith.mulf", g2t_scalar(b, t, 0.7978845608028654), s);
      inner = g2t_un(b, "math.tanh", s);
    } else {
      /* 0.5 x (1 + erf(x / sqrt(2))) */
      MlirValue s = g2t_bin(b, "arith.mulf", x, g2t_scalar(b, t, 0.7071067811865476));
      inner = g2t_un(b, "math.erf", s);
    }
    MlirValue hx = g2t_bin(b, "arith.mulf", half, x);
    return g2t_bin(b, "arith.mulf", hx, g2t_bin(b, "arith.addf", one, inner));
  }
  if (!strcmp(n, "leaky_relu")) {
    double alpha = mlirFloatAttrGetValueDouble(g2t_attr(g->op, "alpha"));
    MlirValue neg = g2t_cmpf(b, G2T_CMPF_OLT, x, g2t_scalar(b, t, 0));
    MlirValue ax = g2t_bin(b, "arith.mulf", x, g2t_scalar(b, t, alpha));
    return g2t_select(b, neg, ax, x);
  }
  /* clip: min(max(x, lo), hi); the bounds are attributes of the element type */
  MlirValue lo = g2t_const_attr(b, g2t_attr(g->op, "min"));
  MlirValue hi = g2t_const_attr(b, g2t_attr(g->op, "max"));
  MlirValue v = g2t_bin(b, f ? "arith.maximumf" : "arith.maxsi", x, lo);
  return g2t_bin(b, f ? "arith.minimumf" : "arith.minsi", v, hi);
}

MlirLogicalResult g2t_lower_unary(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType t = mlirShapedTypeGetElementType(rtype);
  if (!strcmp(g->op_name, "gelu")) {
    MlirStringRef a = mlirStringAttrGetValue(g2t_attr(g->op, "approximate"));
    if (!(a.length == 4 && (!memcmp(a.data, "none", 4) || !memcmp(a.data, "tanh", 4))))
      return strata_emit_error(g->op, "unsupported 'approximate' value \"%.*s\"",
                               (int)a.length, a.data);
  }
  if (!is_float(t) && strcmp(g->op_name, "relu") && strcmp(g->op_name, "neg") &&
      strcmp(g->op_name, "bitwise_not") &&
      strcmp(g->op_name, "abs") && strcmp(g->op_name, "clip"))
    return g2t_not_float(g, t);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  g2t_same_dims(g, x, rtype, dims);
  g2t_compute_t c = g2t_compute_begin(g, g->op_name, rtype, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue v = g2t_read(&c, x, c.idx);
  *out = g2t_compute_end(&c, unary_body(g, &c.in, v));
  return mlirLogicalResultSuccess();
}

static const char *binary_scalar_op(const char *n, bool f) {
  static const struct { const char *op, *fop, *iop; } ops[] = {
      {"add", "arith.addf", "arith.addi"},         {"sub", "arith.subf", "arith.subi"},
      {"mul", "arith.mulf", "arith.muli"},         {"div", "arith.divf", "arith.divsi"},
      {"maximum", "arith.maximumf", "arith.maxsi"}, {"minimum", "arith.minimumf", "arith.minsi"},
      {"pow", "math.powf", "math.ipowi"},
      {"bitwise_and", NULL, "arith.andi"},         {"bitwise_or", NULL, "arith.ori"},
      {"bitwise_xor", NULL, "arith.xori"},
  };
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (!strcmp(ops[i].op, n))
      return f ? ops[i].fop : ops[i].iop;
  return NULL;
}

/* lhs mod rhs: the remainder (arith.remf, arith.remsi; arith.remui on
 * unsigned operands, which need no sign fix), plus rhs when `fmod` is false
 * and the remainder is non-zero with a sign other than rhs's (floored
 * division, Python's %). */
static MlirValue mod_body(g2t_t *g, strata_builder_t *b, MlirValue x, MlirValue y) {
  MlirType t = mlirValueGetType(x);
  bool f = is_float(t), is_unsigned = !mlirTypeIsNull(g->unsigned_in);
  MlirValue r = g2t_bin(b, f ? "arith.remf" : is_unsigned ? "arith.remui" : "arith.remsi", x, y);
  if (is_unsigned || g2t_attr_bool(g->op, "fmod"))
    return r;
  MlirValue zero = g2t_scalar(b, t, 0);
  MlirValue nonzero = f ? g2t_cmpf(b, G2T_CMPF_UNE, r, zero) : g2t_cmpi(b, G2T_CMPI_NE, r, zero);
  MlirValue r_neg = f ? g2t_cmpf(b, G2T_CMPF_OLT, r, zero) : g2t_cmpi(b, G2T_CMPI_SLT, r, zero);
  MlirValue y_neg = f ? g2t_cmpf(b, G2T_CMPF_OLT, y, zero) : g2t_cmpi(b, G2T_CMPI_SLT, y, zero);
  MlirValue fix = g2t_bin(b, "arith.andi", nonzero, g2t_bin(b, "arith.xori", r_neg, y_neg));
  return g2t_select(b, fix, g2t_bin(b, f ? "arith.addf" : "arith.addi", r, y), r);
}

/* x shifted left / right by y bits. A right shift is arithmetic for a
 * signed type (the sign bit shifted in: ONNX BitShift-28, the first to
 * allow signed types) and logical for an unsigned one. An amount out of
 * range (y taken unsigned: the bit width or more, or a negative y), where
 * arith's shifts are poison, gives what the fill alone gives: 0, or for a
 * signed right shift x >> (width - 1) (-1 for a negative x). */
static MlirValue shift_body(g2t_t *g, strata_builder_t *b, MlirValue x, MlirValue y) {
  MlirType t = mlirValueGetType(x);
  bool left = !strcmp(g->op_name, "shift_left");
  bool arithmetic = !left && mlirTypeIsNull(g->unsigned_in);
  unsigned bits = mlirIntegerTypeGetWidth(t);
  const char *op = left ? "arith.shli" : arithmetic ? "arith.shrsi" : "arith.shrui";
  MlirValue shifted = g2t_bin(b, op, x, y);
  MlirValue width = g2t_scalar(b, t, (double)bits);
  MlirValue in_range = g2t_cmpi(b, G2T_CMPI_ULT, y, width);
  MlirValue fill = arithmetic ? g2t_bin(b, "arith.shrsi", x, g2t_scalar(b, t, bits - 1.0))
                              : g2t_scalar(b, t, 0);
  return g2t_select(b, in_range, shifted, fill);
}

/* The exponent of a pow whose right operand is a float constant with one
 * value (a splat), in *e. */
static bool constant_exponent(g2t_t *g, double *e) {
  MlirValue y = mlirOperationGetOperand(g->op, 1);
  if (!mlirValueIsAOpResult(y))
    return false;
  MlirOperation def = mlirOpResultGetOwner(y);
  if (!strata_op_is(def, "graph.constant") && !strata_op_is(def, "arith.constant"))
    return false;
  MlirAttribute v = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(v) || !mlirAttributeIsADenseFPElements(v) ||
      !mlirDenseElementsAttrIsSplat(v))
    return false;
  MlirType t = mlirShapedTypeGetElementType(mlirAttributeGetType(v));
  if (mlirTypeIsAF32(t))
    *e = mlirDenseElementsAttrGetFloatSplatValue(v);
  else if (mlirTypeIsAF64(t))
    *e = mlirDenseElementsAttrGetDoubleSplatValue(v);
  else
    return false;
  return true;
}

/* The scalar function of a binary op applied to `x`, `y` inside the body.
 * pow by a constant 2 or 3 (the square of a variance, the cube of tanh
 * GELU) is multiplied out: math.powf is a libm call per element, which
 * keeps the loop scalar. */
static MlirValue binary_body(g2t_t *g, strata_builder_t *b, MlirValue x, MlirValue y) {
  double e;
  if (!strcmp(g->op_name, "pow") && is_float(mlirValueGetType(x)) &&
      constant_exponent(g, &e) && (e == 2.0 || e == 3.0)) {
    MlirValue sq = g2t_bin(b, "arith.mulf", x, x);
    return e == 2.0 ? sq : g2t_bin(b, "arith.mulf", sq, x);
  }
  if (!strcmp(g->op_name, "mod"))
    return mod_body(g, b, x, y);
  if (!strncmp(g->op_name, "shift_", 6))
    return shift_body(g, b, x, y);
  /* unsigned operands (ui64 as i64, narrower ones zero-extended): divui */
  if (!strcmp(g->op_name, "div") && !mlirTypeIsNull(g->unsigned_in) &&
      !is_float(mlirValueGetType(x)))
    return g2t_bin(b, "arith.divui", x, y);
  return g2t_bin(b, binary_scalar_op(g->op_name, is_float(mlirValueGetType(x))), x, y);
}

MlirValue g2t_broadcast_dim(g2t_t *g, MlirValue a, intptr_t ra, MlirValue b, intptr_t rb,
                            intptr_t o, intptr_t count) {
  MlirValue cand[2];
  int n = 0;
  MlirValue vals[2] = {a, b};
  intptr_t ranks[2] = {ra, rb};
  for (int k = 0; k < 2; ++k) {
    strata_graph_shape_t s = g2t_shape(vals[k]);
    intptr_t i = o - (count - ranks[k]);
    if (i < 0 || s.dims[i] == 1)
      continue;
    cand[n++] = g2t_dim(g, vals[k], i);
  }
  if (n == 0)
    return strata_build_index(&g->b, 1);
  if (n == 1)
    return cand[0];
  return g2t_imax(&g->b, cand[0], cand[1]);
}

void g2t_broadcast_info(const strata_graph_shape_t *self, const strata_graph_shape_t *other,
                        const int64_t *res_dims, intptr_t count, int64_t *info) {
  for (intptr_t o = 0; o < count; ++o) {
    intptr_t ks = o - (count - self->rank), ko = o - (count - other->rank);
    bool self_dyn = ks >= 0 && self->dims[ks] == STRATA_GRAPH_DYN;
    bool other_unit = ko < 0 || other->dims[ko] == 1;
    info[o] = (self_dyn && other_unit) ? G2T_SAME_DIM : res_dims[o];
  }
}

MlirLogicalResult g2t_lower_binary(g2t_t *g, MlirValue *out) {
  MlirValue a = mlirOperationGetOperand(g->op, 0), b = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  strata_graph_shape_t sa = g2t_shape(a), sb = g2t_shape(b);
  strata_graph_shape_t rs;
  strata_graph_shape_from_type(rtype, &rs);

  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t o = 0; o < rs.rank; ++o)
    dims[o] = rs.dims[o] == STRATA_GRAPH_DYN ? g2t_broadcast_dim(g, a, sa.rank, b, sb.rank, o, rs.rank)
                                              : (MlirValue){NULL};
  int64_t ia[STRATA_GRAPH_MAX_RANK], ib[STRATA_GRAPH_MAX_RANK];
  g2t_broadcast_info(&sa, &sb, rs.dims, rs.rank, ia);
  g2t_broadcast_info(&sb, &sa, rs.dims, rs.rank, ib);

  g2t_compute_t c = g2t_compute_begin(g, g->op_name, rtype, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue xa[STRATA_GRAPH_MAX_RANK], xb[STRATA_GRAPH_MAX_RANK];
  g2t_broadcast_indices(g, &c, a, &sa, rs.rank, c.idx, ia, xa);
  g2t_broadcast_indices(g, &c, b, &sb, rs.rank, c.idx, ib, xb);
  MlirValue va = g2t_read(&c, a, xa), vb = g2t_read(&c, b, xb);
  *out = g2t_compute_end(&c, binary_body(g, &c.in, va, vb));
  return mlirLogicalResultSuccess();
}

MlirValue g2t_convert(g2t_t *g, strata_builder_t *b, MlirValue v, MlirType s, MlirType d) {
  if (mlirTypeEqual(s, d))
    return v;
  bool sf = is_float(s), df = is_float(d);
  if (sf && df) {
    unsigned ws = mlirFloatTypeGetWidth(s), wd = mlirFloatTypeGetWidth(d);
    if (ws < wd)
      return g2t_cast(b, "arith.extf", v, d);
    if (ws > wd)
      return g2t_cast(b, "arith.truncf", v, d);
    /* same width, different format (bf16 <-> f16) */
    return g2t_cast(b, "arith.truncf", g2t_cast(b, "arith.extf", v, mlirF32TypeGet(g->ctx)), d);
  }
  if (!sf && !df) {
    unsigned ws = mlirIntegerTypeGetWidth(s), wd = mlirIntegerTypeGetWidth(d);
    if (wd == 1)
      return g2t_cmpi(b, G2T_CMPI_NE, v, g2t_scalar(b, s, 0));
    if (ws < wd)
      return g2t_cast(b, ws == 1 ? "arith.extui" : "arith.extsi", v, d);
    return g2t_cast(b, "arith.trunci", v, d);
  }
  if (sf) { /* float -> int (ui64: unsigned, 2^63 and above fit) */
    bool to_u64 = !mlirTypeIsNull(g->unsigned_out) && mlirIntegerTypeGetWidth(g->unsigned_out) == 64;
    unsigned wd = mlirIntegerTypeGetWidth(d);
    if (wd == 1)
      return g2t_cmpf(b, G2T_CMPF_UNE, v, g2t_scalar(b, s, 0));
    if (wd < 8) /* i4, i2: through i64, wrapping as ONNX's reference does */
      return g2t_cast(b, "arith.trunci",
                      g2t_cast(b, "arith.fptosi", v, mlirIntegerTypeGet(g->ctx, 64)), d);
    return g2t_cast(b, to_u64 ? "arith.fptoui" : "arith.fptosi", v, d);
  }
  /* int -> float (from an unsigned type: uitofp, exact for ui64 too) */
  bool from_unsigned = mlirIntegerTypeGetWidth(s) == 1 || !mlirTypeIsNull(g->unsigned_in);
  return g2t_cast(b, from_unsigned ? "arith.uitofp" : "arith.sitofp", v, d);
}

/* bitcast: arith.bitcast of each element (a float and a signless integer
 * of one width, or two floats: the verifier's rule). */
MlirLogicalResult g2t_lower_bitcast(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  g2t_same_dims(g, x, rtype, dims);
  g2t_compute_t c = g2t_compute_begin(g, "bitcast", rtype, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue v = g2t_cast(&c.in, "arith.bitcast", g2t_read(&c, x, c.idx),
                         mlirShapedTypeGetElementType(rtype));
  *out = g2t_compute_end(&c, v);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_cast(g2t_t *g, MlirValue *out) {
  if (g2t_is_string_cast(g->op))
    return g2t_lower_string_cast(g, out);
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType s = g2t_elem(x), d = mlirShapedTypeGetElementType(rtype);
  if (!((is_float(s) || mlirTypeIsAInteger(s)) && (is_float(d) || mlirTypeIsAInteger(d)))) {
    char b1[32], b2[32];
    return strata_emit_error(g->op, "cast from %s to %s is not supported",
                             strata_type_str(s, b1, sizeof b1), strata_type_str(d, b2, sizeof b2));
  }
  if (g2t_is_narrow_float(s) || g2t_is_narrow_float(d))
    return g2t_lower_narrow_cast(g, out);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  g2t_same_dims(g, x, rtype, dims);
  g2t_compute_t c = g2t_compute_begin(g, "cast", rtype, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue v = g2t_convert(g, &c.in, g2t_read(&c, x, c.idx), s, d);
  *out = g2t_compute_end(&c, v);
  return mlirLogicalResultSuccess();
}
