/* ONNX operators that build tensors from a shape, an index pattern or a few
 * scalars -> graph dialect, composed at import time from constants and
 * elementwise graph ops: Range (start + iota * delta), EyeLike (a diagonal
 * mask cast to the output type), Trilu (where(triangle mask, x, 0)), OneHot
 * (where(iota == index, on, off)), the Hann, Hamming and Blackman windows
 * (cosines of iota). Sizes they depend on (Range's count,
 * OneHot's depth, Trilu's k, EyeLike's shape) must be known at import
 * time. */
#include <math.h>
#include <stdlib.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})
#define TWO_PI 6.28318530717958647692

/* Sizes taken from values (Range's count, OneHot's depth, a window's size)
 * are limited, so that a bad value is an error, not a huge allocation. */
enum { MAX_GENERATED = 1 << 24 };

static bool generated_size_ok(onnx_node_t *n, const char *what, double size) {
  if (size <= MAX_GENERATED)
    return true;
  return onnx_error(n, "%s %.0f is more than the supported %d", what, size, MAX_GENERATED);
}

/* Which cells (i, j) of a rows x cols matrix a diagonal mask holds, by the
 * diagonal index d = j - i against k. */
typedef enum { DIAG_ON = 0, DIAG_ON_OR_ABOVE, DIAG_ON_OR_BELOW } diag_kind_t;

/* An i1 graph.constant [rows, cols]: true where j - i is k (DIAG_ON), >= k
 * (DIAG_ON_OR_ABOVE) or <= k (DIAG_ON_OR_BELOW). */
static MlirValue diagonal_mask(onnx_node_t *n, int64_t rows, int64_t cols, int64_t k,
                               diag_kind_t kind) {
  int64_t count = rows * cols;
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, {2, {rows, cols}}, count,
                    malloc((size_t)(count ? count : 1))};
  uint8_t *cell = c.data;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) {
      int64_t d = j - i;
      cell[i * cols + j] = kind == DIAG_ON ? d == k : kind == DIAG_ON_OR_ABOVE ? d >= k : d <= k;
    }
  MlirValue v = onnx_constant(n->imp, &n->b, &c, NULL);
  onnx_const_free(&c);
  return v;
}

/* The optional integer input i (a scalar known at import time), else def. */
static bool optional_int_input(onnx_node_t *n, int i, const char *what, int64_t def,
                               int64_t *out) {
  *out = def;
  if (i >= n->num_inputs || !n->present[i])
    return true;
  double v;
  if (!onnx_const_scalar(n, i, what, &v))
    return false;
  *out = onnx_double_to_i64(v);
  return true;
}

/* Trilu: the upper (j - i >= k) or lower (j - i <= k) triangle of the last
 * two dims, zeros elsewhere. */
static bool map_trilu(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  int64_t k;
  if (mlirValueIsNull(x) || !optional_int_input(n, 1, "k", 0, &k))
    return false;
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  if (s.rank < 2)
    return onnx_error(n, "Trilu needs an input of rank >= 2, got %lld", (long long)s.rank);
  int64_t rows = s.dims[s.rank - 2], cols = s.dims[s.rank - 1];
  if (rows == STRATA_GRAPH_DYN || cols == STRATA_GRAPH_DYN)
    return onnx_error(n, "Trilu on dynamic last two dims is not supported");
  bool upper = onnx_attr_int(n, "upper", 1) != 0;
  MlirValue mask = diagonal_mask(n, rows, cols, k, upper ? DIAG_ON_OR_ABOVE : DIAG_ON_OR_BELOW);
  MlirValue ops[3] = {mask, x, onnx_splat_like(n, x, 0.0)};
  return onnx_out(n, onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL));
}

/* EyeLike: ones on diagonal k of a 2-D shape like the input's, in the
 * `dtype` attribute's type (default the input's). */
static bool map_eye_like(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  if (s.rank != 2)
    return onnx_error(n, "EyeLike needs a 2-D input, got rank %lld", (long long)s.rank);
  if (s.dims[0] == STRATA_GRAPH_DYN || s.dims[1] == STRATA_GRAPH_DYN)
    return onnx_error(n, "EyeLike of a dynamic shape is not supported");
  MlirType elem = onnx_elem(x);
  if (onnx_attr(n, "dtype")) {
    int64_t dtype = onnx_attr_int(n, "dtype", 0);
    elem = onnx_elem_type(n->ctx, (int32_t)dtype);
    if (mlirTypeIsNull(elem))
      return onnx_error(n, "unsupported element type '%s'", onnx_type_name((int32_t)dtype));
  }
  MlirValue mask = diagonal_mask(n, s.dims[0], s.dims[1], onnx_attr_int(n, "k", 0), DIAG_ON);
  return onnx_out(n, onnx_cast_to(n, mask, elem));
}

/* Range: max(ceil((limit - start) / delta), 0) elements start + i * delta,
 * computed at run time from the start and delta inputs (their values, and
 * limit's, fix the count at import time). */
static bool map_range(onnx_node_t *n) {
  double start, limit, delta;
  if (!onnx_const_scalar(n, 0, "start", &start) || !onnx_const_scalar(n, 1, "limit", &limit) ||
      !onnx_const_scalar(n, 2, "delta", &delta))
    return false;
  if (delta == 0)
    return onnx_error(n, "delta must not be 0");
  double steps = ceil((limit - start) / delta);
  if (!generated_size_ok(n, "the element count", steps))
    return false;
  int64_t count = steps > 0 ? (int64_t)steps : 0;
  MlirValue first = onnx_input(n, 0), step = onnx_input(n, 2);
  if (!mlirTypeEqual(onnx_elem(first), onnx_elem(step)))
    return onnx_error(n, "start and delta must have the same element type");
  MlirValue offsets = onnx_cast_to(n, onnx_iota(n, 1, 0, count), onnx_elem(first));
  return onnx_out(n, onnx_binary(n, "graph.add", first, onnx_binary(n, "graph.mul", offsets, step)));
}

/* values[k] of a 1-D tensor, as a [1] tensor. */
static MlirValue element_of(onnx_node_t *n, MlirValue values, int64_t k) {
  int64_t start = k, end = k + 1, step = 1;
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", 1, &start),
                             onnx_ints_attr(n, "ends", 1, &end),
                             onnx_ints_attr(n, "steps", 1, &step)};
  return onnx_build(n, "graph.slice", 1, &values, NULL_TYPE, 3, a);
}

/* OneHot: indices (any numeric type, truncated to integers; negative ones
 * count from depth) gain a dim of size depth at `axis`, holding on where
 * the index equals the position and off elsewhere (values = [off, on]). */
static bool map_one_hot(onnx_node_t *n) {
  MlirValue indices = onnx_in0(n);
  double depth_value;
  if (mlirValueIsNull(indices) || !onnx_const_scalar(n, 1, "depth", &depth_value) ||
      !onnx_need_input(n, 2))
    return false;
  if (!generated_size_ok(n, "depth", depth_value))
    return false;
  int64_t depth = (int64_t)depth_value;
  if (depth < 1)
    return onnx_error(n, "depth must be positive, got %lld", (long long)depth);
  MlirValue values = onnx_input(n, 2);
  strata_graph_shape_t vs, is;
  onnx_shape(values, &vs);
  if (vs.rank != 1 || (vs.dims[0] != 2 && vs.dims[0] != STRATA_GRAPH_DYN))
    return onnx_error(n, "values must be a 1-D tensor of 2 elements [off, on]");
  onnx_shape(indices, &is);
  int64_t axis;
  if (!onnx_axis(n, onnx_attr_int(n, "axis", -1), is.rank + 1, &axis))
    return false;
  MlirValue idx = onnx_cast_to(n, indices, mlirIntegerTypeGet(n->ctx, 64));
  MlirValue wrapped = onnx_binary(n, "graph.add", idx, onnx_splat_like(n, idx, (double)depth));
  MlirValue negative = onnx_binary(n, "graph.less", idx, onnx_splat_like(n, idx, 0.0));
  MlirValue sel[3] = {negative, wrapped, idx};
  idx = onnx_build(n, "graph.where", 3, sel, NULL_TYPE, 0, NULL);
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0, j = 0; i <= is.rank; ++i)
    dims[i] = i == axis ? 1 : is.dims[j++];
  idx = onnx_reshape(n, idx, is.rank + 1, dims);
  MlirValue hot = onnx_binary(n, "graph.equal", idx, onnx_iota(n, is.rank + 1, axis, depth));
  MlirValue ops[3] = {hot, element_of(n, values, 1), element_of(n, values, 0)};
  return onnx_out(n, onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL));
}

/* Generalized cosine windows of `size` points: a0 - a1 cos(t) + a2 cos(2t)
 * with t = 2 pi n / N, N = size (periodic) or size - 1 (symmetric),
 * computed in f32 (as the ONNX function bodies) and cast to
 * output_datatype. */
static bool cosine_window(onnx_node_t *n, double a0, double a1, double a2) {
  double size_value;
  if (!onnx_const_scalar(n, 0, "size", &size_value) ||
      !generated_size_ok(n, "size", size_value))
    return false;
  int64_t size = (int64_t)size_value;
  bool periodic = onnx_attr_int(n, "periodic", 1) != 0;
  int64_t period = periodic ? size : size - 1;
  if (size < 1 || period < 1)
    return onnx_error(n, "size %lld is too small for a %s window", (long long)size,
                      periodic ? "periodic" : "symmetric");
  int64_t dtype = onnx_attr_int(n, "output_datatype", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT);
  MlirType out = onnx_elem_type(n->ctx, (int32_t)dtype);
  if (mlirTypeIsNull(out))
    return onnx_error(n, "unsupported element type '%s'", onnx_type_name((int32_t)dtype));
  MlirValue t = onnx_cast_to(n, onnx_iota(n, 1, 0, size), mlirF32TypeGet(n->ctx));
  t = onnx_binary(n, "graph.mul", t, onnx_splat_like(n, t, TWO_PI / (double)period));
  MlirValue w = onnx_binary(n, "graph.sub", onnx_splat_like(n, t, a0),
                            onnx_binary(n, "graph.mul", onnx_splat_like(n, t, a1),
                                        onnx_unary(n, "graph.cos", t)));
  if (a2 != 0) {
    MlirValue t2 = onnx_binary(n, "graph.add", t, t);
    w = onnx_binary(n, "graph.add", w,
                    onnx_binary(n, "graph.mul", onnx_splat_like(n, t, a2),
                                onnx_unary(n, "graph.cos", t2)));
  }
  return onnx_out(n, onnx_cast_to(n, w, out));
}
static bool map_hann_window(onnx_node_t *n) { return cosine_window(n, 0.5, 0.5, 0); }
static bool map_hamming_window(onnx_node_t *n) { return cosine_window(n, 25.0 / 46, 21.0 / 46, 0); }
static bool map_blackman_window(onnx_node_t *n) { return cosine_window(n, 0.42, 0.5, 0.08); }

const onnx_mapping_t strata_onnx_generate_ops[] = {
    {"Trilu", map_trilu},
    {"EyeLike", map_eye_like},
    {"Range", map_range},
    {"OneHot", map_one_hot},
    {"HannWindow", map_hann_window},
    {"HammingWindow", map_hamming_window},
    {"BlackmanWindow", map_blackman_window},
    {NULL, NULL},
};
