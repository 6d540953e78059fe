/* ONNX linear quantization operators -> graph dialect, composed at import
 * time from elementwise ops and reductions: QuantizeLinear
 * (saturate(round(x / scale) + zero_point), rounding halves to even),
 * DequantizeLinear ((x - zero_point) * scale), per tensor, per axis (a
 * 1-D scale and zero point along `axis`) or blocked (`block_size`), to and
 * from (u)int8, (u)int16, (u)int4, (u)int2, the float8 types and float4;
 * DynamicQuantizeLinear (uint8 with the scale and zero point computed from the input's range), and the
 * integer products: MatMulInteger and ConvInteger (int32 accumulation of
 * zero-point-centered operands), QLinearMatMul and QLinearConv (the same,
 * requantized with the scales). */
#include <stdbool.h>
#include <stdlib.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

/* A per-axis parameter (1-D, one value per element of x's `axis`
 * attribute, default 1) reshaped to [C, 1, ..., 1] so that it broadcasts
 * along that axis; a scalar or 1-element parameter is returned as it is.
 * Null after an error (an axis out of range). */
static MlirValue along_axis(onnx_node_t *n, MlirValue p, intptr_t x_rank) {
  strata_graph_shape_t s;
  if (mlirValueIsNull(p) || !onnx_shape(p, &s) || s.rank != 1 || s.dims[0] == 1)
    return p;
  int64_t axis;
  if (!onnx_axis(n, onnx_attr_int(n, "axis", 1), x_rank, &axis))
    return (MlirValue){NULL};
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < x_rank - axis; ++i)
    dims[i] = i ? 1 : s.dims[0];
  return onnx_reshape(n, p, x_rank - axis, dims);
}

/* Blocked quantization (block_size > 0, opset 21): the parameter p has x's
 * rank and ceil(x_dim / block_size) elements along `axis`; each is
 * repeated block_size times (a gather of i / block_size) to x's shape.
 * Null after an error. */
static MlirValue blocked(onnx_node_t *n, MlirValue p, MlirValue x, int64_t block_size) {
  strata_graph_shape_t ps, xs;
  int64_t axis;
  if (mlirValueIsNull(p) || !onnx_shape(p, &ps) || !onnx_shape(x, &xs) ||
      !onnx_axis(n, onnx_attr_int(n, "axis", 1), xs.rank, &axis))
    return (MlirValue){NULL};
  int64_t len = xs.dims[axis];
  bool fits = ps.rank == xs.rank && len != STRATA_GRAPH_DYN;
  for (intptr_t d = 0; fits && d < xs.rank; ++d)
    fits = d == axis ? ps.dims[d] == (len + block_size - 1) / block_size
                     : ps.dims[d] == xs.dims[d] || ps.dims[d] == STRATA_GRAPH_DYN;
  if (!fits) {
    char have[64], want[64];
    onnx_error(n, "blocked quantization: the scale or zero point is %s, x is %s (block_size "
               "%lld along axis %lld: same rank, ceil(dim / block_size) on the axis, x's "
               "static dims elsewhere)", strata_graph_shape_str(&ps, have, sizeof have),
               strata_graph_shape_str(&xs, want, sizeof want), (long long)block_size,
               (long long)axis);
    return (MlirValue){NULL};
  }
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__INT64, {1, {len}}, len,
                    malloc(sizeof(int64_t) * (size_t)(len ? len : 1))};
  for (int64_t i = 0; i < len; ++i)
    ((int64_t *)c.data)[i] = i / block_size;
  MlirValue indices = onnx_constant(n->imp, &n->b, &c, NULL);
  onnx_const_free(&c);
  return onnx_gather(n, p, indices, axis);
}

/* A scale or zero point made to broadcast against x: per tensor, per axis
 * or blocked (the node's block_size). Null after an error. */
static MlirValue param(onnx_node_t *n, MlirValue p, MlirValue x) {
  int64_t block_size = onnx_attr_int(n, "block_size", 0);
  if (block_size < 0) {
    onnx_error(n, "'block_size' must be >= 0, got %lld", (long long)block_size);
    return (MlirValue){NULL};
  }
  strata_graph_shape_t s;
  if (block_size && !mlirValueIsNull(p) && onnx_shape(p, &s) && s.rank > 0)
    return blocked(n, p, x, block_size);
  return along_axis(n, p, onnx_rank(x));
}

/* The range [lo, hi] of a quantized integer type (uint8, int8, ...). */
static void quantized_range(MlirType t, double *lo, double *hi) {
  unsigned w = mlirIntegerTypeGetWidth(t);
  bool is_unsigned = mlirIntegerTypeIsUnsigned(t);
  *lo = is_unsigned ? 0 : -(double)(1ull << (w - 1));
  *hi = is_unsigned ? (double)((1ull << w) - 1) : (double)((1ull << (w - 1)) - 1);
}

/* saturate(round(x / scale) + zero_point) in integer type q (zero_point is
 * a float value of x's type, or null for 0). */
static MlirValue quantize(onnx_node_t *n, MlirValue x, MlirValue scale, MlirValue zero_point,
                          MlirType q) {
  if (mlirValueIsNull(x))
    return x;
  MlirValue v = onnx_unary(n, "graph.round", onnx_binary(n, "graph.div", x, scale));
  if (!mlirValueIsNull(zero_point))
    v = onnx_binary(n, "graph.add", v, zero_point);
  double lo, hi;
  quantized_range(q, &lo, &hi);
  MlirType f = onnx_elem(x);
  MlirNamedAttribute a[2] = {onnx_scalar_attr(n, "min", f, lo), onnx_scalar_attr(n, "max", f, hi)};
  v = mlirValueIsNull(v) ? v : onnx_build(n, "graph.clip", 1, &v, NULL_TYPE, 2, a);
  return onnx_cast_to(n, v, q);
}

/* The quantized types: (u)int8, (u)int16, (u)int4, (u)int2, the float8
 * types but E8M0, float4 E2M1. */
static bool quantized_type(onnx_node_t *n, MlirType t) {
  if (mlirTypeIsNull(t))
    return onnx_missing_value(n, "the quantized value");
  if (mlirTypeIsAInteger(t)) {
    unsigned w = mlirIntegerTypeGetWidth(t);
    if (w == 2 || w == 4 || w == 8 || w == 16)
      return true;
  } else if (mlirTypeIsAFloat(t) && mlirFloatTypeGetWidth(t) <= 8 &&
             !mlirTypeIsAFloat8E8M0FNU(t)) {
    return true;
  }
  char buf[32];
  return onnx_error(n, "%s is not a quantized type ((u)int2, (u)int4, (u)int8, (u)int16, "
                    "float8 E4M3FN/E4M3FNUZ/E5M2/E5M2FNUZ, float4 E2M1)",
                    strata_type_str(t, buf, sizeof buf));
}

/* QuantizeLinear(x, y_scale, y_zero_point): integers as quantize(); the
 * float8 types saturate_cast(x / scale) (Cast's rules with the node's
 * `saturate`; their zero point is 0 by the spec); float4
 * cast(x / scale + zero_point). The type is the zero point's, else
 * `output_dtype`'s, else uint8; `precision` (opset 23) is the float type
 * x / scale is computed in. */
static bool map_quantize_linear(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1))
    return false;
  if (!mlirTypeIsAFloat(onnx_elem(x)))
    return onnx_error(n, "QuantizeLinear needs a float input");
  int64_t dtype = onnx_attr_int(n, "output_dtype", 0), precision = onnx_attr_int(n, "precision", 0);
  MlirType q = dtype ? onnx_elem_type(n->ctx, (int32_t)dtype) : mlirIntegerTypeUnsignedGet(n->ctx, 8);
  if (mlirTypeIsNull(q))
    return onnx_error(n, "unsupported element type '%s'", onnx_type_name((int32_t)dtype));
  MlirValue zp = n->num_inputs > 2 && n->present[2] ? onnx_input(n, 2) : (MlirValue){NULL};
  if (!mlirValueIsNull(zp) && dtype && !mlirTypeEqual(q, onnx_elem(zp))) {
    char b1[32], b2[32];
    return onnx_error(n, "the zero point's type %s differs from 'output_dtype' (%s)",
                      strata_type_str(onnx_elem(zp), b1, sizeof b1), strata_type_str(q, b2, sizeof b2));
  }
  if (!mlirValueIsNull(zp))
    q = onnx_elem(zp);
  if (!quantized_type(n, q))
    return false;
  if (precision) {
    MlirType p = onnx_elem_type(n->ctx, (int32_t)precision);
    if (mlirTypeIsNull(p) || !mlirTypeIsAFloat(p))
      return onnx_error(n, "'precision' must be a float type, got '%s'",
                        onnx_type_name((int32_t)precision));
    x = onnx_cast_to(n, x, p);
  }
  MlirType f = onnx_elem(x);
  MlirValue scale = onnx_cast_to(n, param(n, onnx_input(n, 1), x), f);
  MlirValue zero_point = mlirValueIsNull(zp) ? zp : onnx_cast_to(n, param(n, zp, x), f);
  if (mlirTypeIsAInteger(q))
    return onnx_out(n, quantize(n, x, scale, zero_point, q));
  MlirValue v = onnx_binary(n, "graph.div", x, scale);
  if (mlirTypeIsAFloat4E2M1FN(q) && !mlirValueIsNull(zero_point))
    v = onnx_binary(n, "graph.add", v, zero_point);
  return onnx_out(n, onnx_cast_node(n, v, q));
}

/* DequantizeLinear: (x - zero_point) * scale computed in f32 (f64 for a
 * double scale), as ONNX's reference does, then cast to `output_dtype`
 * or the scale's type; the float8 and float4 types have no zero point. */
static bool map_dequantize_linear(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1))
    return false;
  MlirValue scale = param(n, onnx_input(n, 1), x);
  if (mlirValueIsNull(scale))
    return false;
  int64_t dtype = onnx_attr_int(n, "output_dtype", 0);
  MlirType out = dtype ? onnx_elem_type(n->ctx, (int32_t)dtype) : onnx_elem(scale);
  if (mlirTypeIsNull(out) || !mlirTypeIsAFloat(out))
    return onnx_error(n, "'output_dtype' must be a float type, got '%s'",
                      onnx_type_name((int32_t)dtype));
  MlirType f = mlirTypeIsAF64(onnx_elem(scale)) ? onnx_elem(scale) : mlirF32TypeGet(n->ctx);
  MlirValue v = onnx_cast_to(n, x, f);
  if (n->num_inputs > 2 && n->present[2] && mlirTypeIsAInteger(onnx_elem(x)))
    v = onnx_binary(n, "graph.sub", v, onnx_cast_to(n, param(n, onnx_input(n, 2), x), f));
  v = onnx_binary(n, "graph.mul", v, onnx_cast_to(n, scale, f));
  return onnx_out(n, onnx_cast_to(n, v, out));
}

/* DynamicQuantizeLinear: the range [min(0, min x), max(0, max x)] mapped
 * onto uint8: scale = (max - min) / 255, zero_point = saturate(round(-min /
 * scale)), y = saturate(round(x / scale) + zero_point). */
static bool map_dynamic_quantize_linear(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  if (!mlirTypeIsAFloat(onnx_elem(x)))
    return onnx_error(n, "DynamicQuantizeLinear needs a float input");
  intptr_t r = onnx_rank(x);
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < r; ++i)
    axes[i] = i;
  MlirNamedAttribute a[2] = {onnx_ints_attr(n, "axes", r, axes),
                             onnx_bool_attr(n, "keepdims", false)};
  MlirValue hi = r ? onnx_build(n, "graph.reduce_max", 1, &x, NULL_TYPE, 2, a) : x;
  MlirValue lo = r ? onnx_build(n, "graph.reduce_min", 1, &x, NULL_TYPE, 2, a) : x;
  hi = onnx_binary(n, "graph.maximum", hi, onnx_splat_like(n, hi, 0.0));
  lo = onnx_binary(n, "graph.minimum", lo, onnx_splat_like(n, lo, 0.0));
  MlirValue scale = onnx_binary(n, "graph.div", onnx_binary(n, "graph.sub", hi, lo),
                                onnx_splat_like(n, hi, 255.0));
  MlirType u8 = mlirIntegerTypeUnsignedGet(n->ctx, 8);
  MlirValue neg_lo = onnx_unary(n, "graph.neg", lo);
  MlirValue zero_point = quantize(n, neg_lo, scale, (MlirValue){NULL}, u8);
  MlirValue y = quantize(n, x, scale, onnx_cast_to(n, zero_point, onnx_elem(x)), u8);
  if (mlirValueIsNull(y))
    return false;
  onnx_set_output(n, 0, y);
  onnx_set_output(n, 1, scale);
  onnx_set_output(n, 2, zero_point);
  return true;
}

/* Input i (a quantized tensor) minus the zero point input `zp` (optional,
 * per tensor), in type t. */
static MlirValue centered(onnx_node_t *n, int i, int zp, MlirType t) {
  MlirValue x = onnx_input(n, i);
  if (mlirValueIsNull(x))
    return x;
  MlirValue v = onnx_cast_to(n, x, t);
  if (zp >= n->num_inputs || !n->present[zp])
    return v;
  return onnx_binary(n, "graph.sub", v, onnx_cast_to(n, onnx_input(n, zp), t));
}

static MlirType i32_type(onnx_node_t *n) { return mlirIntegerTypeGet(n->ctx, 32); }

/* A convolution weight (input i) minus its zero point (input zp, optional)
 * in int32: the zero point is per tensor or, 1-D with one value per output
 * channel, reshaped to [O, 1, 1, ...] (ConvInteger, QLinearConv). */
static MlirValue centered_weight(onnx_node_t *n, int i, int zp) {
  MlirValue w = onnx_cast_to(n, onnx_input(n, i), i32_type(n));
  if (mlirValueIsNull(w) || zp >= n->num_inputs || !n->present[zp])
    return w;
  MlirValue wz = onnx_input(n, zp);
  strata_graph_shape_t s;
  if (onnx_shape(wz, &s) && s.rank == 1 && s.dims[0] != 1) {
    int64_t dims[STRATA_GRAPH_MAX_RANK];
    for (intptr_t d = 0; d < onnx_rank(w); ++d)
      dims[d] = d ? 1 : s.dims[0];
    wz = onnx_reshape(n, wz, onnx_rank(w), dims);
  }
  return onnx_binary(n, "graph.sub", w, onnx_cast_to(n, wz, i32_type(n)));
}

/* MatMulInteger: (a - a_zero_point) x (b - b_zero_point) in int32. */
static bool map_matmul_integer(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue a = centered(n, 0, 2, i32_type(n)), b = centered(n, 1, 3, i32_type(n));
  return onnx_out(n, onnx_matmul(n, a, b));
}

/* ConvInteger: Conv of (x - x_zero_point) and (w - w_zero_point) in int32
 * (w's zero point per tensor or per output channel). */
static bool map_conv_integer(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue x = centered(n, 0, 2, i32_type(n)), w = centered_weight(n, 1, 3);
  return onnx_out(n, onnx_conv(n, x, w, (MlirValue){NULL}));
}

/* The int32 accumulator of QLinearMatMul / QLinearConv requantized:
 * saturate(round(acc * (a_scale * b_scale / y_scale)) + y_zero_point), in
 * f32; the scales are inputs sa, sb, sy and the zero point input zy. The
 * ratio is computed in the scales' type (float16 scales give a float16
 * ratio, as in the ONNX reference) and then widened to f32. */
static MlirValue requantize(onnx_node_t *n, MlirValue acc, int sa, int sb, int sy, int zy) {
  MlirType f32 = mlirF32TypeGet(n->ctx);
  if (!onnx_need_input(n, sa) || !onnx_need_input(n, sb) || !onnx_need_input(n, sy) ||
      !onnx_need_input(n, zy))
    return (MlirValue){NULL};
  MlirValue zp = onnx_input(n, zy);
  MlirType q = onnx_elem(zp);
  if (!mlirTypeIsAInteger(q) || mlirIntegerTypeGetWidth(q) != 8) {
    onnx_error(n, "only 8-bit quantized types (uint8, int8) are supported");
    return (MlirValue){NULL};
  }
  MlirValue a_scale = onnx_input(n, sa);
  MlirValue b_scale = along_axis(n, onnx_input(n, sb), onnx_rank(acc));
  MlirValue ratio = onnx_binary(n, "graph.div", onnx_binary(n, "graph.mul", a_scale, b_scale),
                                onnx_input(n, sy));
  MlirValue scaled =
      onnx_binary(n, "graph.mul", onnx_cast_to(n, acc, f32), onnx_cast_to(n, ratio, f32));
  return quantize(n, scaled, onnx_splat_like(n, scaled, 1.0), onnx_cast_to(n, zp, f32), q);
}

/* QLinearMatMul(a, a_scale, a_zp, b, b_scale, b_zp, y_scale, y_zp). */
static bool map_qlinear_matmul(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 3))
    return false;
  MlirValue a = centered(n, 0, 2, i32_type(n)), b = centered(n, 3, 5, i32_type(n));
  MlirValue acc = onnx_matmul(n, a, b);
  return onnx_out(n, mlirValueIsNull(acc) ? acc : requantize(n, acc, 1, 4, 6, 7));
}

/* QLinearConv(x, x_scale, x_zp, w, w_scale, w_zp, y_scale, y_zp, B):
 * w's scale and zero point may be per output channel. */
static bool map_qlinear_conv(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 3))
    return false;
  MlirValue w = centered_weight(n, 3, 5);
  MlirValue bias = n->num_inputs > 8 && n->present[8] ? onnx_input(n, 8) : (MlirValue){NULL};
  MlirValue x = centered(n, 0, 2, i32_type(n));
  MlirValue acc = onnx_conv(n, x, w, bias);
  return onnx_out(n, mlirValueIsNull(acc) ? acc : requantize(n, acc, 1, 4, 6, 7));
}

const onnx_mapping_t strata_onnx_quantize_ops[] = {
    {"QuantizeLinear", map_quantize_linear},
    {"DequantizeLinear", map_dequantize_linear},
    {"DynamicQuantizeLinear", map_dynamic_quantize_linear},
    {"MatMulInteger", map_matmul_integer},
    {"ConvInteger", map_conv_integer},
    {"QLinearMatMul", map_qlinear_matmul},
    {"QLinearConv", map_qlinear_conv},
    {NULL, NULL},
};
