/* ONNX signal processing -> graph dialect, composed at import time: DFT as
 * products with constant cosine and sine matrices [n, k] (the signal axis
 * moved last, real and imaginary parts as separate tensors): forward
 * Yr = xr C + xi S, Yi = xi C - xr S; inverse Yr = (xr C - xi S) / n,
 * Yi = (xi C + xr S) / n, with C[j, k] = cos(2 pi j k / n) and
 * S[j, k] = sin(2 pi j k / n); STFT as the DFT of the (windowed) frames.
 * The inverse onesided DFT (irfft: B bins of a Hermitian spectrum -> n real
 * samples, n = dft_length or 2 (B - 1)) is y = xr C' - xi S' with
 * C'[k, j] = w_k cos(2 pi j k / n) / n and S' likewise, w_k = 1 for k = 0
 * and k = n / 2, 2 for the other bins up to n / 2 (each standing for
 * itself and its conjugate n - k), 0 past n / 2 (bins numpy's irfft
 * ignores); the imaginary parts of bins 0 and n / 2 meet sin = 0.
 * The signal length must be static. */
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

/* The irfft matrix C' (or S') [bins, n] of the header, f32. */
static MlirValue irfft_twiddles(onnx_node_t *n, int64_t bins, int64_t len, bool sine) {
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, {2, {bins, len}}, bins * len,
                    malloc(sizeof(float) * (size_t)(bins * len > 0 ? bins * len : 1))};
  for (int64_t k = 0; k < bins; ++k) {
    double w = 2 * k > len ? 0 : k == 0 || 2 * k == len ? 1 : 2;
    for (int64_t j = 0; j < len; ++j) {
      double angle = TWO_PI * (double)((j * k) % len) / (double)len;
      ((float *)c.data)[k * len + j] = (float)(w * (sine ? sin(angle) : cos(angle)) / (double)len);
    }
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

/* The DFT of xr + i xi (xi may be null) along their last dim of `len`
 * samples, `bins` bins: *yr, *yi. */
static void dft_last(onnx_node_t *n, MlirValue xr, MlirValue xi, int64_t len, int64_t bins,
                     bool inverse, MlirValue *yr, MlirValue *yi) {
  MlirValue C = twiddles(n, len, bins, false), S = twiddles(n, len, bins, true);
  MlirValue rc = onnx_matmul(n, xr, C), rs = onnx_matmul(n, xr, S);
  MlirValue ic = mlirValueIsNull(xi) ? xi : onnx_matmul(n, xi, C);
  MlirValue is = mlirValueIsNull(xi) ? xi : onnx_matmul(n, xi, S);
  *yr = combine(n, rc, is, inverse);
  *yi = combine(n, ic, rs, !inverse);
  if (inverse) {
    *yr = onnx_binary(n, "graph.div", *yr, onnx_splat_like(n, *yr, (double)len));
    *yi = onnx_binary(n, "graph.div", *yi, onnx_splat_like(n, *yi, (double)len));
  }
}

/* yr and yi stacked as the last dim [..., 2]. */
static MlirValue complex_pair(onnx_node_t *n, MlirValue yr, MlirValue yi) {
  strata_graph_shape_t ys;
  if (mlirValueIsNull(yr) || mlirValueIsNull(yi) || !onnx_shape(yr, &ys))
    return (MlirValue){NULL};
  ys.dims[ys.rank] = 1;
  MlirValue parts[2] = {onnx_reshape(n, yr, ys.rank + 1, ys.dims),
                        onnx_reshape(n, yi, ys.rank + 1, ys.dims)};
  MlirNamedAttribute cat = onnx_i64_attr(n, "axis", ys.rank);
  return onnx_build(n, "graph.concat", 2, parts, NULL_TYPE, 1, &cat);
}

/* The signal axis of DFT on an input of `rank` (the last dim holds the
 * parts): DFT-17's `axis` attribute (default 1, negative counted from the
 * last signal dim), or since DFT-20 the scalar input 2 known at import time
 * (default -2, negative counted from the input's last dim, so -2 is the last
 * signal dim). */
static bool dft_axis(onnx_node_t *n, intptr_t rank, int64_t *axis) {
  if (n->opset < 20) {
    if (!onnx_axis(n, onnx_attr_int(n, "axis", 1), rank - 1, axis))
      return false;
  } else {
    double given = -2;
    if (n->num_inputs > 2 && n->present[2] && !onnx_const_scalar(n, 2, "axis", &given))
      return false;
    if (!(given >= -(double)rank && given <= (double)rank))
      return onnx_error(n, "axis %g is out of range for an input of rank %lld", given,
                        (long long)rank);
    *axis = (int64_t)given < 0 ? (int64_t)given + rank : (int64_t)given;
    if (*axis < 0 || *axis > rank - 2)
      return onnx_error(n, "axis %lld is out of range for an input of rank %lld",
                        (long long)given, (long long)rank);
  }
  if (*axis == 0)
    return onnx_error(n, "axis 0 is the batch dim");
  return true;
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
  if (!dft_axis(n, s.rank, &axis))
    return false;
  int64_t len = s.dims[axis];
  if (len == STRATA_GRAPH_DYN)
    return onnx_error(n, "a dynamic signal length is not supported");
  bool inverse = onnx_attr_int(n, "inverse", 0) != 0;
  bool onesided = onnx_attr_int(n, "onesided", 0) != 0;
  int64_t out_len = inverse && onesided ? 2 * (len - 1) : len;
  if (n->num_inputs > 1 && n->present[1]) {
    double given;
    if (!onnx_const_scalar(n, 1, "dft_length", &given))
      return false;
    if (inverse && onesided && given >= 1 && given <= 0x1p24)
      out_len = (int64_t)given;
    else if ((int64_t)given != len)
      return onnx_error(n, "dft_length other than the signal length is not supported");
  }
  if (out_len < 1)
    return onnx_error(n, "an inverse onesided DFT of %lld bins needs a positive dft_length",
                      (long long)len);
  intptr_t last = s.rank - 2; /* the signal axis moved last (before the parts) */
  MlirValue xr = swap_dims(n, component(n, x, 0), axis, last);
  MlirValue xi = swap_dims(n, component(n, x, 1), axis, last);
  MlirValue yr, yi;
  if (inverse && onesided) { /* irfft: real samples [..., out_len, ..., 1] */
    yr = onnx_matmul(n, xr, irfft_twiddles(n, len, out_len, false));
    if (!mlirValueIsNull(xi))
      yr = combine(n, yr, onnx_matmul(n, xi, irfft_twiddles(n, len, out_len, true)), true);
    yr = swap_dims(n, yr, axis, last);
    strata_graph_shape_t ys;
    if (mlirValueIsNull(yr) || !onnx_shape(yr, &ys))
      return false;
    ys.dims[ys.rank] = 1;
    return onnx_out(n, onnx_reshape(n, yr, ys.rank + 1, ys.dims));
  }
  dft_last(n, xr, xi, len, onesided ? len / 2 + 1 : len, inverse, &yr, &yi);
  return onnx_out(n, complex_pair(n, swap_dims(n, yr, axis, last), swap_dims(n, yi, axis, last)));
}

/* STFT: frames of frame_length samples every frame_step (both known at
 * import time), times the window when given, stacked as [batch, frames,
 * frame_length] and transformed along the last dim (onesided by default). */
static bool map_stft(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  double step_value, length_value = 0;
  if (mlirValueIsNull(x) || !onnx_const_scalar(n, 1, "frame_step", &step_value))
    return false;
  if (!mlirTypeIsAF32(onnx_elem(x)))
    return onnx_error(n, "STFT needs an f32 input");
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  if (s.rank != 3 || (s.dims[2] != 1 && s.dims[2] != 2) || s.dims[1] == STRATA_GRAPH_DYN)
    return onnx_error(n, "the signal must be [batch, length (static), 1 or 2]");
  MlirValue window = n->num_inputs > 2 && n->present[2] ? onnx_input(n, 2) : (MlirValue){NULL};
  if (n->num_inputs > 3 && n->present[3]) {
    if (!onnx_const_scalar(n, 3, "frame_length", &length_value))
      return false;
  } else if (!mlirValueIsNull(window)) {
    strata_graph_shape_t ws;
    if (!onnx_shape(window, &ws) || ws.rank != 1)
      return onnx_error(n, "the window must be a 1-D tensor");
    length_value = (double)ws.dims[0];
  }
  int64_t step = onnx_double_to_i64(step_value), len = onnx_double_to_i64(length_value);
  if (step < 1 || len < 1 || len > s.dims[1])
    return onnx_error(n, "frame_step and frame_length must be positive and fit the signal");
  int64_t frames = (s.dims[1] - len) / step + 1;
  MlirValue parts[2] = {component(n, x, 0), component(n, x, 1)}, framed[2] = {{NULL}, {NULL}};
  MlirNamedAttribute cat = onnx_i64_attr(n, "axis", 1);
  for (int p = 0; p < 2; ++p) {
    if (mlirValueIsNull(parts[p]))
      continue;
    for (int64_t t = 0; t < frames; ++t) {
      int64_t starts[2] = {0, t * step}, ends[2] = {INT64_MAX, t * step + len}, one[2] = {1, 1};
      MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", 2, starts),
                                 onnx_ints_attr(n, "ends", 2, ends),
                                 onnx_ints_attr(n, "steps", 2, one)};
      int64_t dims[3] = {s.dims[0], 1, len};
      MlirValue f = onnx_reshape(n, onnx_build(n, "graph.slice", 1, &parts[p], NULL_TYPE, 3, a),
                                 3, dims);
      MlirValue ops[2] = {framed[p], f};
      framed[p] = t == 0 ? f : onnx_build(n, "graph.concat", 2, ops, NULL_TYPE, 1, &cat);
    }
    if (!mlirValueIsNull(window))
      framed[p] = onnx_binary(n, "graph.mul", framed[p], window);
  }
  bool onesided = onnx_attr_int(n, "onesided", 1) != 0;
  MlirValue yr, yi;
  dft_last(n, framed[0], framed[1], len, onesided ? len / 2 + 1 : len, false, &yr, &yi);
  return onnx_out(n, complex_pair(n, yr, yi));
}

const onnx_mapping_t strata_onnx_signal_ops[] = {
    {"DFT", map_dft},
    {"STFT", map_stft},
    {NULL, NULL},
};
