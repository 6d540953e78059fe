/* ONNX elementwise operators -> graph dialect: arithmetic with numpy
 * broadcasting (Add, Sub, Mul, Div, Pow, Mod, BitShift, variadic Max/Min/Sum/Mean),
 * unary math, activations (direct ops or decompositions into graph ops and
 * splat constants: HardSigmoid, HardSwish, Softplus, Softsign, Elu, Selu,
 * Celu, PRelu, Reciprocal, ThresholdedRelu, Swish, Mish), IsInf and IsNaN (comparisons),
 * Clip (attributes before opset 11, inputs since),
 * Cast, CastLike, comparisons (GreaterOrEqual/LessOrEqual as strict-or-equal),
 * logical Not/And/Or/Xor on bool tensors (selects with i1 constants) and
 * Where. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

/* Operators that need a graph op another part of Strata may not have yet. */
static bool have_op(onnx_node_t *n, const char *name) {
  if (mlirContextIsRegisteredOperation(n->ctx, mlirStringRefCreateFromCString(name)))
    return true;
  return onnx_error(n, "unsupported operator '%s'", n->node->op_type);
}

/* --- Unary ------------------------------------------------------------ */
#define UNARY(fn, opname)                                                                    \
  static bool fn(onnx_node_t *n) { return onnx_out(n, onnx_unary(n, opname, onnx_in0(n))); }
UNARY(map_relu, "graph.relu")
UNARY(map_neg, "graph.neg")
UNARY(map_abs, "graph.abs")
UNARY(map_sigmoid, "graph.sigmoid")
UNARY(map_tanh, "graph.tanh")
UNARY(map_exp, "graph.exp")
UNARY(map_log, "graph.log")
UNARY(map_sqrt, "graph.sqrt")
UNARY(map_erf, "graph.erf")
UNARY(map_sin, "graph.sin")
UNARY(map_cos, "graph.cos")
UNARY(map_tan, "graph.tan")
UNARY(map_asin, "graph.asin")
UNARY(map_acos, "graph.acos")
UNARY(map_atan, "graph.atan")
UNARY(map_sinh, "graph.sinh")
UNARY(map_cosh, "graph.cosh")
UNARY(map_asinh, "graph.asinh")
UNARY(map_acosh, "graph.acosh")
UNARY(map_atanh, "graph.atanh")
UNARY(map_round, "graph.round")
UNARY(map_ceil, "graph.ceil")
UNARY(map_floor, "graph.floor")

static bool map_reciprocal(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  return onnx_out(n, onnx_binary(n, "graph.div", onnx_splat_like(n, x, 1.0), x));
}

static bool map_leaky_relu(onnx_node_t *n) {
  MlirNamedAttribute a = onnx_f32_attr(n, "alpha", onnx_attr_float(n, "alpha", 0.01f));
  MlirValue x = onnx_in0(n);
  return onnx_out(n, onnx_build(n, "graph.leaky_relu", 1, &x, NULL_TYPE, 1, &a));
}

static bool map_gelu(onnx_node_t *n) {
  char buf[32];
  const char *approx = onnx_attr_string(n, "approximate", "none", buf, sizeof buf);
  if (strcmp(approx, "none") && strcmp(approx, "tanh"))
    return onnx_error(n, "unsupported approximate '%s' (none or tanh)", approx);
  MlirNamedAttribute a = onnx_str_attr(n, "approximate", approx);
  MlirValue x = onnx_in0(n);
  return onnx_out(n, onnx_build(n, "graph.gelu", 1, &x, NULL_TYPE, 1, &a));
}

/* min(max(v, lo), hi) with splat constants (no attribute-order constraint). */
static MlirValue clamp_values(onnx_node_t *n, MlirValue v, MlirValue lo, MlirValue hi) {
  if (!mlirValueIsNull(lo))
    v = onnx_binary(n, "graph.maximum", v, lo);
  if (!mlirValueIsNull(hi))
    v = onnx_binary(n, "graph.minimum", v, hi);
  return v;
}

/* A scalar attribute of elem type, saturated to the integer type's range. */
static MlirNamedAttribute bound_attr(onnx_node_t *n, const char *name, MlirType elem, double v) {
  if (mlirTypeIsAFloat(elem))
    return onnx_scalar_attr(n, name, elem, v);
  unsigned w = mlirIntegerTypeGetWidth(elem);
  bool is_unsigned = mlirIntegerTypeIsUnsigned(elem);
  double lo = is_unsigned ? 0 : w >= 64 ? -9223372036854775808.0 : -ldexp(1.0, (int)w - 1);
  double hi = w >= 64 ? 9223372036854775807.0 : ldexp(1.0, (int)w - !is_unsigned) - 1;
  int64_t iv = v <= lo ? (int64_t)lo : v >= hi ? (w >= 64 ? INT64_MAX : (int64_t)hi) : (int64_t)v;
  return strata_named(n->ctx, name, mlirIntegerAttrGet(elem, iv));
}

static MlirValue clip(onnx_node_t *n, MlirValue x, double lo, double hi) {
  if (mlirValueIsNull(x))
    return x;
  MlirType elem = onnx_elem(x);
  if (lo > hi) /* ONNX: every value becomes max */
    return clamp_values(n, x, onnx_splat_like(n, x, lo), onnx_splat_like(n, x, hi));
  MlirNamedAttribute a[2] = {bound_attr(n, "min", elem, lo), bound_attr(n, "max", elem, hi)};
  return onnx_build(n, "graph.clip", 1, &x, NULL_TYPE, 2, a);
}

static bool map_clip(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  double lo = -INFINITY, hi = INFINITY;
  if (n->opset < 11) {
    lo = onnx_attr(n, "min") ? onnx_attr_float(n, "min", 0) : -FLT_MAX;
    hi = onnx_attr(n, "max") ? onnx_attr_float(n, "max", 0) : FLT_MAX;
    return onnx_out(n, clip(n, x, lo, hi));
  }
  bool have_lo = n->num_inputs > 1 && n->present[1];
  bool have_hi = n->num_inputs > 2 && n->present[2];
  if ((have_lo && !n->in_const[1]) || (have_hi && !n->in_const[2])) {
    /* Bounds computed at run time: maximum/minimum with broadcasting. */
    return onnx_out(n, clamp_values(n, x, have_lo ? onnx_input(n, 1) : (MlirValue){NULL},
                               have_hi ? onnx_input(n, 2) : (MlirValue){NULL}));
  }
  if (have_lo && !onnx_const_scalar(n, 1, "min", &lo))
    return false;
  if (have_hi && !onnx_const_scalar(n, 2, "max", &hi))
    return false;
  return onnx_out(n, clip(n, x, lo, hi));
}

/* alpha * x + beta, clipped to [0, 1]. */
static MlirValue hard_sigmoid(onnx_node_t *n, MlirValue x, double alpha, double beta) {
  MlirValue v = onnx_binary(n, "graph.mul", x, onnx_splat_like(n, x, alpha));
  v = onnx_binary(n, "graph.add", v, onnx_splat_like(n, x, beta));
  return clip(n, v, 0.0, 1.0);
}

static bool map_hard_sigmoid(onnx_node_t *n) {
  return onnx_out(n, hard_sigmoid(n, onnx_in0(n), onnx_attr_float(n, "alpha", 0.2f),
                             onnx_attr_float(n, "beta", 0.5f)));
}

static bool map_hard_swish(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  return onnx_out(n, onnx_binary(n, "graph.mul", x, hard_sigmoid(n, x, 1.0 / 6.0, 0.5)));
}

/* softplus(x) = log(exp(x) + 1) */
static MlirValue softplus(onnx_node_t *n, MlirValue x) {
  MlirValue e = onnx_unary(n, "graph.exp", x);
  return onnx_unary(n, "graph.log", onnx_binary(n, "graph.add", e, onnx_splat_like(n, x, 1.0)));
}

static bool map_softplus(onnx_node_t *n) { return onnx_out(n, softplus(n, onnx_in0(n))); }

/* mish(x) = x * tanh(softplus(x)) (Mish-18) */
static bool map_mish(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  return onnx_out(n, onnx_binary(n, "graph.mul", x, onnx_unary(n, "graph.tanh", softplus(n, x))));
}

/* swish(x) = x * sigmoid(alpha * x) (Swish-24, alpha default 1) */
static MlirValue swish(onnx_node_t *n, MlirValue x) {
  double alpha = onnx_attr_float(n, "alpha", 1.0f);
  MlirValue ax = alpha == 1.0 ? x : onnx_binary(n, "graph.mul", x, onnx_splat_like(n, x, alpha));
  return onnx_binary(n, "graph.mul", x, onnx_unary(n, "graph.sigmoid", ax));
}

static bool map_swish(onnx_node_t *n) { return onnx_out(n, swish(n, onnx_in0(n))); }

/* SwiGLU-28(a, b) = swish(a) * b, a and b of one shape (no broadcasting) */
static bool map_swiglu(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue a = onnx_input(n, 0), b = onnx_input(n, 1);
  if (mlirValueIsNull(a) || mlirValueIsNull(b))
    return false;
  if (!mlirTypeEqual(mlirValueGetType(a), mlirValueGetType(b)))
    return onnx_error(n, "the gate and the value must have one type and shape (no broadcasting)");
  return onnx_out(n, onnx_binary(n, "graph.mul", swish(n, a), b));
}

/* softsign(x) = x / (1 + |x|) */
static bool map_softsign(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  MlirValue d = onnx_binary(n, "graph.add", onnx_unary(n, "graph.abs", x), onnx_splat_like(n, x, 1.0));
  return onnx_out(n, onnx_binary(n, "graph.div", x, d));
}

/* x in f32 if it is float16 or bfloat16 (else x): the compositions of Elu,
 * Celu and Selu compute in f32 and round once at the end, as the ONNX
 * reference does (one NumPy ufunc, expm1, on float32 values): rounding
 * exp(x) to 8 bits before subtracting 1 loses the bits of a result near 0. */
static MlirValue widened(onnx_node_t *n, MlirValue x) {
  if (mlirValueIsNull(x) || !(mlirTypeIsAF16(onnx_elem(x)) || mlirTypeIsABF16(onnx_elem(x))))
    return x;
  return onnx_cast_to(n, x, mlirF32TypeGet(n->ctx));
}

/* v (computed on widened(x)) back in x's element type. */
static MlirValue narrowed(onnx_node_t *n, MlirValue v, MlirValue x) {
  return mlirValueIsNull(x) ? x : onnx_cast_to(n, v, onnx_elem(x));
}

/* x > 0 ? x : alpha * (exp(x) - 1)  ==  relu(x) + alpha * (exp(min(x, 0)) - 1),
 * which needs no select (exp(min(x, 0)) - 1 is 0 for x >= 0). */
static MlirValue elu(onnx_node_t *n, MlirValue x, double alpha) {
  MlirValue neg = onnx_binary(n, "graph.minimum", x, onnx_splat_like(n, x, 0.0));
  MlirValue em1 = onnx_binary(n, "graph.sub", onnx_unary(n, "graph.exp", neg),
                              onnx_splat_like(n, x, 1.0));
  MlirValue scaled = onnx_binary(n, "graph.mul", em1, onnx_splat_like(n, x, alpha));
  return onnx_binary(n, "graph.add", onnx_unary(n, "graph.relu", x), scaled);
}

static bool map_elu(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  return onnx_out(n, narrowed(n, elu(n, widened(n, x), onnx_attr_float(n, "alpha", 1.0f)), x));
}

/* celu(x) = max(0, x) + min(0, alpha * (exp(x / alpha) - 1)) = alpha * elu(x / alpha, 1). */
static bool map_celu(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  double alpha = onnx_attr_float(n, "alpha", 1.0f);
  if (alpha == 0)
    return onnx_error(n, "alpha must not be 0");
  MlirValue w = widened(n, x);
  MlirValue e = elu(n, onnx_binary(n, "graph.div", w, onnx_splat_like(n, w, alpha)), 1.0);
  return onnx_out(n, narrowed(n, onnx_binary(n, "graph.mul", e, onnx_splat_like(n, w, alpha)), x));
}

static bool map_selu(onnx_node_t *n) {
  MlirValue x = onnx_in0(n), w = widened(n, x);
  MlirValue e = elu(n, w, onnx_attr_float(n, "alpha", 1.67326319217681884765625f));
  float gamma = onnx_attr_float(n, "gamma", 1.05070102214813232421875f);
  return onnx_out(n, narrowed(n, onnx_binary(n, "graph.mul", e, onnx_splat_like(n, w, gamma)), x));
}

/* prelu(x, slope) = max(x, 0) + slope * min(x, 0) */
static bool map_prelu(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1))
    return false;
  MlirValue slope = onnx_input(n, 1);
  if (mlirValueIsNull(slope))
    return false;
  strata_graph_shape_t xs, ss, bs;
  onnx_shape(x, &xs);
  onnx_shape(slope, &ss);
  if (xs.rank > 2 && ss.rank == 1 && !strata_graph_broadcast_shape(&xs, &ss, &bs) &&
      ss.dims[0] == xs.dims[1]) {
    /* Old exporters give a per-channel slope [C]: it applies along axis 1. */
    int64_t d[STRATA_GRAPH_MAX_RANK];
    for (intptr_t i = 0; i < xs.rank - 1; ++i)
      d[i] = i ? 1 : ss.dims[0];
    slope = onnx_reshape(n, slope, xs.rank - 1, d);
  }
  MlirValue zero = onnx_splat_like(n, x, 0.0);
  MlirValue neg = onnx_binary(n, "graph.mul", onnx_binary(n, "graph.minimum", x, zero), slope);
  return onnx_out(n, onnx_binary(n, "graph.add", onnx_unary(n, "graph.relu", x), neg));
}

/* --- Binary and variadic ------------------------------------------------- */
static bool binary(onnx_node_t *n, const char *opname) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  return onnx_out(n, onnx_binary(n, opname, onnx_input(n, 0), onnx_input(n, 1)));
}
/* (import_fold.c evaluates these on contents known at import time.) */
static bool map_add(onnx_node_t *n) { return binary(n, "graph.add"); }
static bool map_sub(onnx_node_t *n) { return binary(n, "graph.sub"); }
static bool map_mul(onnx_node_t *n) { return binary(n, "graph.mul"); }
static bool map_div(onnx_node_t *n) { return binary(n, "graph.div"); }

static bool map_pow(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue x = onnx_input(n, 0), y = onnx_input(n, 1);
  y = onnx_cast_to(n, y, onnx_elem(x)); /* since opset 12 the exponent's type may differ */
  return onnx_out(n, onnx_binary(n, "graph.pow", x, y));
}

/* Mod: fmod 0 is the floored remainder (Python's %), 1 the truncated one
 * (C's fmod). */
static bool map_mod(onnx_node_t *n) {
  int64_t fmod = onnx_attr_int(n, "fmod", 0);
  if (fmod != 0 && fmod != 1)
    return onnx_error(n, "unsupported fmod %lld (0 or 1)", (long long)fmod);
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue ops[2] = {onnx_input(n, 0), onnx_input(n, 1)};
  MlirNamedAttribute a = onnx_bool_attr(n, "fmod", fmod == 1);
  return onnx_out(n, onnx_build(n, "graph.mod", 2, ops, NULL_TYPE, 1, &a));
}

/* BitShift: direction LEFT or RIGHT. Signed types came with BitShift-28,
 * whose right shift is arithmetic and whose out-of-range amounts (negative,
 * or the bit width or more) give the sign fill: graph.shift_right's
 * semantics on signed types (BitShift-11 allows unsigned types only). */
static bool map_bit_shift(onnx_node_t *n) {
  char buf[16];
  const char *dir = onnx_attr_string(n, "direction", "", buf, sizeof buf);
  bool left = !strcmp(dir, "LEFT");
  if (!left && strcmp(dir, "RIGHT"))
    return onnx_error(n, "unsupported direction '%s' (LEFT or RIGHT)", dir);
  return binary(n, left ? "graph.shift_left" : "graph.shift_right");
}

static bool variadic(onnx_node_t *n, const char *opname, bool mean) {
  if (!onnx_need_input(n, 0))
    return false;
  MlirValue acc = onnx_input(n, 0);
  for (int i = 1; i < n->num_inputs; ++i) {
    if (!onnx_need_input(n, i))
      return false;
    acc = onnx_binary(n, opname, acc, onnx_input(n, i));
  }
  if (mean && n->num_inputs > 1)
    acc = onnx_binary(n, "graph.div", acc, onnx_splat_like(n, acc, n->num_inputs));
  return onnx_out(n, acc);
}
static bool map_max(onnx_node_t *n) { return variadic(n, "graph.maximum", false); }
static bool map_min(onnx_node_t *n) { return variadic(n, "graph.minimum", false); }
static bool map_sum(onnx_node_t *n) { return variadic(n, "graph.add", false); }
static bool map_mean(onnx_node_t *n) { return variadic(n, "graph.add", true); }

/* --- Cast, comparisons, Where --------------------------------------------- */
static bool map_cast(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  int64_t to = onnx_attr_int(n, "to", 0);
  MlirType elem = onnx_elem_type(n->ctx, (int32_t)to);
  if (mlirTypeIsNull(elem))
    return onnx_error(n, "unsupported element type '%s'", onnx_type_name((int32_t)to));
  return onnx_out(n, onnx_cast_node(n, x, elem));
}

/* CastLike: Cast to the element type of input 1 (its values are unused). */
static bool map_cast_like(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1))
    return false;
  return onnx_out(n, onnx_cast_node(n, x, onnx_elem(onnx_input(n, 1))));
}

static bool compare(onnx_node_t *n, const char *opname) {
  return have_op(n, opname) && binary(n, opname);
}
static bool map_equal(onnx_node_t *n) { return compare(n, "graph.equal"); }
static bool map_greater(onnx_node_t *n) { return compare(n, "graph.greater"); }
static bool map_less(onnx_node_t *n) { return compare(n, "graph.less"); }

/* x >= y as (x > y) or (x == y): false for NaN, as ONNX requires (not(x < y)
 * would be true). The "or" is where(gt, true, eq). */
static bool compare_or_equal(onnx_node_t *n, const char *strict) {
  if (!have_op(n, strict) || !have_op(n, "graph.equal") || !have_op(n, "graph.where") ||
      !onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue a = onnx_input(n, 0), b = onnx_input(n, 1);
  MlirValue cmp = onnx_binary(n, strict, a, b);
  if (mlirValueIsNull(cmp))
    return false;
  MlirValue ops[3] = {cmp, onnx_splat_like(n, cmp, 1.0), onnx_binary(n, "graph.equal", a, b)};
  return onnx_out(n, onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL));
}
static bool map_greater_or_equal(onnx_node_t *n) { return compare_or_equal(n, "graph.greater"); }
static bool map_less_or_equal(onnx_node_t *n) { return compare_or_equal(n, "graph.less"); }

/* where(cond, a, b), null if any operand is. */
static MlirValue select3(onnx_node_t *n, MlirValue c, MlirValue a, MlirValue b) {
  if (mlirValueIsNull(c) || mlirValueIsNull(a) || mlirValueIsNull(b))
    return (MlirValue){NULL};
  MlirValue ops[3] = {c, a, b};
  return onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL);
}

/* sign(x) = where(x > 0, 1, where(x < 0, -1, 0)) (NaN gives 0). */
static bool map_sign(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !have_op(n, "graph.where") || !have_op(n, "graph.greater"))
    return false;
  MlirValue zero = onnx_splat_like(n, x, 0.0);
  MlirValue neg = select3(n, onnx_binary(n, "graph.less", x, zero), onnx_splat_like(n, x, -1.0),
                          zero);
  return onnx_out(n, select3(n, onnx_binary(n, "graph.greater", x, zero),
                             onnx_splat_like(n, x, 1.0), neg));
}

/* shrink(x) = x < -lambd ? x + bias : x > lambd ? x - bias : 0. */
static bool map_shrink(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !have_op(n, "graph.where") || !have_op(n, "graph.greater"))
    return false;
  double lambd = onnx_attr_float(n, "lambd", 0.5f), bias = onnx_attr_float(n, "bias", 0.0f);
  MlirValue b = onnx_splat_like(n, x, bias);
  MlirValue hi = select3(n, onnx_binary(n, "graph.greater", x, onnx_splat_like(n, x, lambd)),
                         onnx_binary(n, "graph.sub", x, b), onnx_splat_like(n, x, 0.0));
  return onnx_out(n, select3(n, onnx_binary(n, "graph.less", x, onnx_splat_like(n, x, -lambd)),
                             onnx_binary(n, "graph.add", x, b), hi));
}

/* thresholded_relu(x) = x > alpha ? x : 0. */
static bool map_thresholded_relu(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !have_op(n, "graph.where") || !have_op(n, "graph.greater"))
    return false;
  MlirValue above = onnx_binary(n, "graph.greater", x,
                                onnx_splat_like(n, x, onnx_attr_float(n, "alpha", 1.0f)));
  return onnx_out(n, select3(n, above, x, onnx_splat_like(n, x, 0.0)));
}

/* isinf(x) = x == +inf or x == -inf (each side only when detected); with
 * neither detected, x == NaN, which is false everywhere. */
static bool map_isinf(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !have_op(n, "graph.where") || !have_op(n, "graph.equal"))
    return false;
  if (!mlirTypeIsAFloat(onnx_elem(x)))
    return onnx_error(n, "IsInf needs a float input");
  bool pos = onnx_attr_int(n, "detect_positive", 1) != 0;
  bool neg = onnx_attr_int(n, "detect_negative", 1) != 0;
  if (!pos && !neg)
    return onnx_out(n, onnx_binary(n, "graph.equal", x, onnx_splat_like(n, x, NAN)));
  MlirValue is_pos = pos ? onnx_binary(n, "graph.equal", x, onnx_splat_like(n, x, INFINITY))
                         : (MlirValue){NULL};
  MlirValue is_neg = neg ? onnx_binary(n, "graph.equal", x, onnx_splat_like(n, x, -INFINITY))
                         : (MlirValue){NULL};
  if (pos && neg)
    return onnx_out(n, select3(n, is_pos, onnx_splat_like(n, is_pos, 1.0), is_neg));
  return onnx_out(n, pos ? is_pos : is_neg);
}

/* --- Logical (bool tensors) as selects ------------------------------------ */
static bool need_bool(onnx_node_t *n, MlirValue v) {
  MlirType e = onnx_elem(v);
  if (mlirTypeIsNull(e))
    return onnx_missing_value(n, n->node->op_type);
  if (mlirTypeIsAInteger(e) && mlirIntegerTypeGetWidth(e) == 1)
    return true;
  return onnx_error(n, "%s needs bool operands", n->node->op_type);
}

/* not x = where(x, false, true) */
static MlirValue logical_not(onnx_node_t *n, MlirValue x) {
  MlirValue ops[3] = {x, onnx_splat_like(n, x, 0.0), onnx_splat_like(n, x, 1.0)};
  return onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL);
}

/* isnan(x) = not (x == x) (ordered equality is false only for NaN). */
static bool map_isnan(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !have_op(n, "graph.where") || !have_op(n, "graph.equal"))
    return false;
  return onnx_out(n, logical_not(n, onnx_binary(n, "graph.equal", x, x)));
}

static bool map_not(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !have_op(n, "graph.where") || !need_bool(n, x))
    return false;
  return onnx_out(n, logical_not(n, x));
}

/* a or b = where(a, true, b); a and b = where(a, b, false);
 * a xor b = where(a, not b, b). */
static bool logical(onnx_node_t *n, char kind) {
  if (!have_op(n, "graph.where") || !onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue a = onnx_input(n, 0), b = onnx_input(n, 1);
  if (!need_bool(n, a) || !need_bool(n, b))
    return false;
  MlirValue ops[3] = {a, b, b};
  if (kind == '|')
    ops[1] = onnx_splat_like(n, b, 1.0);
  else if (kind == '&')
    ops[2] = onnx_splat_like(n, b, 0.0);
  else
    ops[1] = logical_not(n, b);
  return onnx_out(n, onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL));
}
static bool map_or(onnx_node_t *n) { return logical(n, '|'); }
static bool map_and(onnx_node_t *n) { return logical(n, '&'); }
static bool map_xor(onnx_node_t *n) { return logical(n, '^'); }

static bool map_where(onnx_node_t *n) {
  if (!have_op(n, "graph.where"))
    return false;
  for (int i = 0; i < 3; ++i)
    if (!onnx_need_input(n, i))
      return false;
  MlirValue ops[3] = {onnx_input(n, 0), onnx_input(n, 1), onnx_input(n, 2)};
  return onnx_out(n, onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL));
}

const onnx_mapping_t strata_onnx_elementwise_ops[] = {
    {"Relu", map_relu},
    {"Neg", map_neg},
    {"Abs", map_abs},
    {"Sigmoid", map_sigmoid},
    {"Swish", map_swish},
    {"SwiGLU", map_swiglu},
    {"Mish", map_mish},
    {"Tanh", map_tanh},
    {"Exp", map_exp},
    {"Log", map_log},
    {"Sqrt", map_sqrt},
    {"Erf", map_erf},
    {"Sin", map_sin},
    {"Cos", map_cos},
    {"Tan", map_tan},
    {"Asin", map_asin},
    {"Acos", map_acos},
    {"Atan", map_atan},
    {"Sinh", map_sinh},
    {"Cosh", map_cosh},
    {"Asinh", map_asinh},
    {"Acosh", map_acosh},
    {"Atanh", map_atanh},
    {"Round", map_round},
    {"Ceil", map_ceil},
    {"Floor", map_floor},
    {"Reciprocal", map_reciprocal},
    {"LeakyRelu", map_leaky_relu},
    {"Gelu", map_gelu},
    {"Clip", map_clip},
    {"HardSigmoid", map_hard_sigmoid},
    {"HardSwish", map_hard_swish},
    {"Softplus", map_softplus},
    {"Softsign", map_softsign},
    {"Elu", map_elu},
    {"Selu", map_selu},
    {"Celu", map_celu},
    {"PRelu", map_prelu},
    {"Add", map_add},
    {"Sub", map_sub},
    {"Mul", map_mul},
    {"Div", map_div},
    {"Pow", map_pow},
    {"Mod", map_mod},
    {"BitShift", map_bit_shift},
    {"Max", map_max},
    {"Min", map_min},
    {"Sum", map_sum},
    {"Mean", map_mean},
    {"Cast", map_cast},
    {"CastLike", map_cast_like},
    {"Equal", map_equal},
    {"Greater", map_greater},
    {"Less", map_less},
    {"GreaterOrEqual", map_greater_or_equal},
    {"LessOrEqual", map_less_or_equal},
    {"Not", map_not},
    {"And", map_and},
    {"Or", map_or},
    {"Xor", map_xor},
    {"Where", map_where},
    {"Sign", map_sign},
    {"Shrink", map_shrink},
    {"ThresholdedRelu", map_thresholded_relu},
    {"IsInf", map_isinf},
    {"IsNaN", map_isnan},
    {NULL, NULL},
};
