/* ONNX normalizations and cumulative products added since opset 18 ->
 * graph dialect, composed at import time from reductions and elementwise
 * ops as their ONNX function bodies are:
 *   RMSNormalization-23   x / sqrt(mean(x^2 over [axis, rank)) + eps) * scale
 *   LpNormalization       x / norm_p(x along axis) (p 1 or 2), 0 where the
 *                         norm is 0
 *   GroupNormalization-21 x reshaped [N, G, C/G * spatial], standardized per
 *                         group, back to x's shape, * scale[c] + bias[c]
 *   LpPool                (sum over the window of |x|^p)^(1/p): AveragePool of
 *                         |x|^p counting the pads, times the window size
 *   CumProd-26            out[i] = product of x[j] for j <= i (j < i when
 *                         exclusive; reversed: j >= i, j > i) along a static
 *                         axis: x broadcast against a constant [n, n] mask
 *                         (1 where j is not taken) and reduce_prod over j.
 * Float16/bfloat16 inputs compute in f32 (stash_type 1, the default) and
 * round once at the end. */
#include <stdlib.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/checked_math.h"
#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

/* x in f32 when it is float16 or bfloat16 (else x). */
static MlirValue stash(onnx_node_t *n, MlirValue x) {
  if (mlirValueIsNull(x) || !(mlirTypeIsAF16(onnx_elem(x)) || mlirTypeIsABF16(onnx_elem(x))))
    return x;
  return onnx_cast_to(n, x, mlirF32TypeGet(n->ctx));
}

/* The axes [axis, rank) of x for the node's `axis` attribute (default
 * def); their count, or -1 after an error. */
static intptr_t trailing_axes(onnx_node_t *n, MlirValue x, int64_t def, int64_t *axes) {
  int64_t rank = onnx_rank(x), axis;
  if (!onnx_axis(n, onnx_attr_int(n, "axis", def), rank, &axis))
    return -1;
  for (int64_t i = axis; i < rank; ++i)
    axes[i - axis] = i;
  return (intptr_t)(rank - axis);
}

static bool map_rms_norm(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue x = onnx_input(n, 0), w = stash(n, x);
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  intptr_t na = trailing_axes(n, x, -1, axes);
  if (na < 0)
    return false;
  MlirValue ms = onnx_reduce(n, "graph.reduce_mean", onnx_binary(n, "graph.mul", w, w), na,
                             axes, true);
  double eps = onnx_attr_float(n, "epsilon", 1e-5f);
  MlirValue rms = onnx_unary(n, "graph.sqrt",
                             onnx_binary(n, "graph.add", ms, onnx_splat_like(n, ms, eps)));
  MlirValue y = onnx_binary(n, "graph.mul", onnx_binary(n, "graph.div", w, rms),
                            stash(n, onnx_input(n, 1)));
  return onnx_out(n, mlirValueIsNull(x) ? x : onnx_cast_to(n, y, onnx_elem(x)));
}

static bool map_lp_norm(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  int64_t p = onnx_attr_int(n, "p", 2), axis;
  if (p != 1 && p != 2)
    return onnx_error(n, "p must be 1 or 2, got %lld", (long long)p);
  if (!onnx_axis(n, onnx_attr_int(n, "axis", -1), onnx_rank(x), &axis))
    return false;
  MlirValue terms = p == 1 ? onnx_unary(n, "graph.abs", x) : onnx_binary(n, "graph.mul", x, x);
  MlirValue norm = onnx_reduce(n, "graph.reduce_sum", terms, 1, &axis, true);
  if (p == 2)
    norm = onnx_unary(n, "graph.sqrt", norm);
  MlirValue zero = onnx_splat_like(n, x, 0.0);
  MlirValue is_zero = onnx_binary(n, "graph.equal", norm, zero);
  MlirValue ops[3] = {is_zero, zero, onnx_binary(n, "graph.div", x, norm)};
  if (mlirValueIsNull(ops[0]) || mlirValueIsNull(ops[2]))
    return false;
  return onnx_out(n, onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL));
}

/* [C] reshaped to [C, 1, ..., 1] to broadcast along dim 1 of a rank-r x. */
static MlirValue per_channel(onnx_node_t *n, MlirValue v, int64_t c, intptr_t r) {
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < r - 1; ++i)
    dims[i] = i ? 1 : c;
  return onnx_reshape(n, v, r - 1, dims);
}

static bool map_group_norm(onnx_node_t *n) {
  for (int i = 0; i < 3; ++i)
    if (!onnx_need_input(n, i))
      return false;
  if (n->opset < 21)
    return onnx_error(n, "GroupNormalization-18 (a scale per group) is not supported, only "
                         "opset 21 (a scale per channel)");
  MlirValue x = onnx_input(n, 0);
  strata_graph_shape_t s;
  if (!onnx_shape(x, &s) || s.rank < 3)
    return onnx_error(n, "the input needs rank >= 3");
  int64_t groups = onnx_attr_int(n, "num_groups", 0), rest = 1;
  for (intptr_t i = 1; i < s.rank; ++i)
    if (s.dims[i] == STRATA_GRAPH_DYN || !strata_mul_i64(rest, s.dims[i], &rest))
      return onnx_error(n, "the channel and spatial dims must be static");
  if (groups < 1 || s.dims[1] % groups)
    return onnx_error(n, "num_groups %lld must divide the %lld channels", (long long)groups,
                      (long long)s.dims[1]);
  int64_t grouped[3] = {s.dims[0], groups, rest / groups}, axis = 2;
  MlirValue g = onnx_reshape(n, stash(n, x), 3, grouped);
  MlirValue mean = onnx_reduce(n, "graph.reduce_mean", g, 1, &axis, true);
  MlirValue d = onnx_binary(n, "graph.sub", g, mean);
  MlirValue var = onnx_reduce(n, "graph.reduce_mean", onnx_binary(n, "graph.mul", d, d), 1,
                              &axis, true);
  double eps = onnx_attr_float(n, "epsilon", 1e-5f);
  MlirValue sd = onnx_unary(n, "graph.sqrt",
                            onnx_binary(n, "graph.add", var, onnx_splat_like(n, var, eps)));
  MlirValue y = onnx_reshape(n, onnx_binary(n, "graph.div", d, sd), s.rank, s.dims);
  y = onnx_binary(n, "graph.mul", y, per_channel(n, stash(n, onnx_input(n, 1)), s.dims[1], s.rank));
  y = onnx_binary(n, "graph.add", y, per_channel(n, stash(n, onnx_input(n, 2)), s.dims[1], s.rank));
  return onnx_out(n, mlirValueIsNull(x) ? x : onnx_cast_to(n, y, onnx_elem(x)));
}

static bool map_lp_pool(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  int64_t p = onnx_attr_int(n, "p", 2);
  if (p < 1)
    return onnx_error(n, "p must be >= 1, got %lld", (long long)p);
  MlirValue a = onnx_unary(n, "graph.abs", x);
  MlirValue v = p == 1   ? a
                : p == 2 ? onnx_binary(n, "graph.mul", x, x)
                         : onnx_binary(n, "graph.pow", a, onnx_splat_like(n, x, (double)p));
  MlirValue sum = onnx_pool_sum(n, v);
  if (mlirValueIsNull(sum))
    return false;
  if (p == 1)
    return onnx_out(n, sum);
  if (p == 2)
    return onnx_out(n, onnx_unary(n, "graph.sqrt", sum));
  return onnx_out(n, onnx_binary(n, "graph.pow", sum, onnx_splat_like(n, sum, 1.0 / (double)p)));
}

/* The bool [n, n] constant "j not taken for i" of CumProd, laid as
 * [n, n, 1, ...] (`trailing` unit dims). */
static MlirValue cumprod_mask(onnx_node_t *n, int64_t len, intptr_t trailing, bool exclusive,
                              bool reverse) {
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, {2 + trailing, {len, len}}, len * len,
                    malloc((size_t)(len * len > 0 ? len * len : 1))};
  for (intptr_t i = 0; i < trailing; ++i)
    c.shape.dims[2 + i] = 1;
  for (int64_t i = 0; i < len; ++i)
    for (int64_t j = 0; j < len; ++j) {
      bool taken = reverse ? (exclusive ? j > i : j >= i) : (exclusive ? j < i : j <= i);
      ((unsigned char *)c.data)[i * len + j] = !taken;
    }
  MlirValue v = onnx_constant(n->imp, &n->b, &c, NULL);
  onnx_const_free(&c);
  return v;
}

static bool map_cumprod(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  double axis_value;
  if (mlirValueIsNull(x) || !onnx_const_scalar(n, 1, "axis", &axis_value))
    return false;
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  int64_t axis;
  if (!onnx_axis(n, onnx_double_to_i64(axis_value), s.rank, &axis))
    return false;
  int64_t len = s.dims[axis];
  if (len == STRATA_GRAPH_DYN || len > 4096)
    return onnx_error(n, "CumProd needs a static axis of at most 4096 elements");
  bool exclusive = onnx_attr_int(n, "exclusive", 0) != 0;
  bool reverse = onnx_attr_int(n, "reverse", 0) != 0;
  /* x as [..., 1 (i), n (j), ...]: the mask [n, n, 1...] selects j per i */
  MlirValue xj = onnx_insert_unit_dim(n, x, (intptr_t)axis);
  MlirValue mask = cumprod_mask(n, len, s.rank - 1 - (intptr_t)axis, exclusive, reverse);
  MlirValue ops[3] = {mask, onnx_splat_like(n, x, 1.0), xj};
  if (mlirValueIsNull(xj) || mlirValueIsNull(ops[1]))
    return false;
  MlirValue picked = onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL);
  int64_t j = axis + 1;
  return onnx_out(n, onnx_reduce(n, "graph.reduce_prod", picked, 1, &j, false));
}

const onnx_mapping_t strata_onnx_norm_ops[] = {
    {"RMSNormalization", map_rms_norm},
    {"LpNormalization", map_lp_norm},
    {"GroupNormalization", map_group_norm},
    {"CumProd", map_cumprod},
    {"LpPool", map_lp_pool},
    {NULL, NULL},
};
