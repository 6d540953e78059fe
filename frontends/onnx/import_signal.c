/* ONNX signal processing -> graph dialect, composed at import time: DFT as
 * products with constant cosine and sine matrices [n, k] (the signal axis
 * moved last, real and imaginary parts as separate tensors): forward
 * Yr = xr C + xi S, Yi = xi C - xr S; inverse Yr = (xr C - xi S) / n,
 * Yi = (xi C + xr S) / n, with C[j, k] = cos(2 pi j k / n) and
 * S[j, k] = sin(2 pi j k / n). The signal length must be static. */
#include <math.h>
#include <stdlib.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})
#define TWO_PI 6.28318530717958647692

/* A constant f32 [len, bins] of cos (or sin) of 2 pi j k / len. */
static MlirValue twiddles(onnx_node_t *n, int64_t len, int64_t bins, bool sine) {
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, {2, {len, bins}}, len * bins,
                    malloc(sizeof(float) * (size_t)(len * bins > 0 ? len * bins : 1))};
  for (int64_t j = 0; j < len; ++j)
    for (int64_t k = 0; k < bins; ++k) {
      double angle = TWO_PI * (double)((j * k) % len) / (double)len;
      ((float *)c.data)[j * bins + k] = (float)(sine ? sin(angle) : cos(angle));
    }
  MlirValue v = onnx_constant(n->imp, &n->b, &c, NULL);
  onnx_const_free(&c);
  return v;
}

/* Component `part` (0 real, 1 imaginary) of x [..., 2] (or the real x
 * [..., 1]: null for the imaginary part), without the last dim. */
static MlirValue component(onnx_node_t *n, MlirValue x, int part) {
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  if (part >= s.dims[s.rank - 1])
    return (MlirValue){NULL};
  int64_t starts[STRATA_GRAPH_MAX_RANK] = {0}, ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < s.rank; ++i)
    ends[i] = INT64_MAX, steps[i] = 1;
  starts[s.rank - 1] = part, ends[s.rank - 1] = part + 1;
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", s.rank, starts),
                             onnx_ints_attr(n, "ends", s.rank, ends),
                             onnx_ints_attr(n, "steps", s.rank, steps)};
  MlirValue v = onnx_build(n, "graph.slice", 1, &x, NULL_TYPE, 3, a);
  return onnx_reshape(n, v, s.rank - 1, s.dims);
}

/* x with dims a and b swapped (x itself when a == b). */
static MlirValue swap_dims(onnx_node_t *n, MlirValue x, intptr_t a, intptr_t b) {
  if (a == b || mlirValueIsNull(x))
    return x;
  int64_t perm[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < onnx_rank(x); ++i)
    perm[i] = i == a ? b : i == b ? a : i;
  MlirNamedAttribute p = onnx_ints_attr(n, "perm", onnx_rank(x), perm);
  return onnx_build(n, "graph.transpose", 1, &x, NULL_TYPE, 1, &p);
}

/* a - b, or -b when a is null; a + b, or b. */
static MlirValue combine(onnx_node_t *n, MlirValue a, MlirValue b, bool subtract) {
  if (mlirValueIsNull(a))
    return subtract ? onnx_unary(n, "graph.neg", b) : b;
  if (mlirValueIsNull(b))
    return a;
  return onnx_binary(n, subtract ? "graph.sub" : "graph.add", a, b);
}

static bool map_dft(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  if (!mlirTypeIsAF32(onnx_elem(x)))
    return onnx_error(n, "DFT needs an f32 input");
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  if (s.rank < 3 || (s.dims[s.rank - 1] != 1 && s.dims[s.rank - 1] != 2))
    return onnx_error(n, "the input must be [batch, signal..., 1 or 2]");
  int64_t axis;
  if (!onnx_axis(n, onnx_attr_int(n, "axis", 1), s.rank - 1, &axis))
    return false;
  if (axis == 0)
    return onnx_error(n, "axis 0 is the batch dim");
  int64_t len = s.dims[axis];
  if (len == STRATA_GRAPH_DYN)
    return onnx_error(n, "a dynamic signal length is not supported");
  if (n->num_inputs > 1 && n->present[1]) {
    double given;
    if (!onnx_const_scalar(n, 1, "dft_length", &given))
      return false;
    if ((int64_t)given != len)
      return onnx_error(n, "dft_length other than the signal length is not supported");
  }
  bool inverse = onnx_attr_int(n, "inverse", 0) != 0;
  bool onesided = onnx_attr_int(n, "onesided", 0) != 0;
  if (inverse && onesided)
    return onnx_error(n, "an inverse onesided DFT is not supported");
  int64_t bins = onesided ? len / 2 + 1 : len;
  intptr_t last = s.rank - 2; /* the signal axis moved last (before the parts) */
  MlirValue xr = swap_dims(n, component(n, x, 0), axis, last);
  MlirValue xi = swap_dims(n, component(n, x, 1), axis, last);
  MlirValue C = twiddles(n, len, bins, false), S = twiddles(n, len, bins, true);
  MlirValue rc = onnx_matmul(n, xr, C), rs = onnx_matmul(n, xr, S);
  MlirValue ic = mlirValueIsNull(xi) ? xi : onnx_matmul(n, xi, C);
  MlirValue is = mlirValueIsNull(xi) ? xi : onnx_matmul(n, xi, S);
  MlirValue yr = combine(n, rc, is, inverse), yi = combine(n, ic, rs, !inverse);
  if (inverse) {
    yr = onnx_binary(n, "graph.div", yr, onnx_splat_like(n, yr, (double)len));
    yi = onnx_binary(n, "graph.div", yi, onnx_splat_like(n, yi, (double)len));
  }
  yr = swap_dims(n, yr, axis, last);
  yi = swap_dims(n, yi, axis, last);
  strata_graph_shape_t ys;
  if (mlirValueIsNull(yr) || mlirValueIsNull(yi) || !onnx_shape(yr, &ys))
    return false;
  ys.dims[ys.rank] = 1;
  MlirValue parts[2] = {onnx_reshape(n, yr, ys.rank + 1, ys.dims),
                        onnx_reshape(n, yi, ys.rank + 1, ys.dims)};
  MlirNamedAttribute cat = onnx_i64_attr(n, "axis", ys.rank);
  return onnx_out(n, onnx_build(n, "graph.concat", 2, parts, NULL_TYPE, 1, &cat));
}

const onnx_mapping_t strata_onnx_signal_ops[] = {
    {"DFT", map_dft},
    {NULL, NULL},
};
