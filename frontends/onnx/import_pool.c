/* Dilated pooling windows for the ONNX importer (onnx_internal.h,
 * onnx_pool_window_sum): AveragePool and LpPool with dilations, which the
 * graph dialect's pooling ops do not take. A window's sum is a depthwise
 * graph.conv2d/conv3d (weights of ones, one group per channel) with the
 * dilations, and its element count a constant computed here, per axis,
 * as the ONNX reference counts it: with ceil_mode the reference pads the
 * extra input the last window needs half before and half after (which
 * shifts the windows), and it never takes a pixel at or past the end of
 * the explicitly padded input. */
#include <stdlib.h>

#include <mlir-c/BuiltinTypes.h>

#include "core/checked_math.h"
#include "frontends/onnx/onnx_internal.h"

enum { POOL_MAX_EXTENT = INT32_MAX };

/* One spatial axis of the window: its output size, the conv's padding
 * before and after, how many input elements the windows see (the input
 * cut where the reference stops reading), and each output's count. */
typedef struct {
  int64_t out, pad_begin, pad_end, kept;
} pool_axis_t;

/* Lays out axis a of the window (input size in); false after an error. */
static bool layout_axis(onnx_node_t *n, int64_t in, int64_t k, int64_t s, int64_t dl,
                        int64_t pb, int64_t pe, bool ceil_mode, pool_axis_t *ax) {
  if (in < 1 || in > POOL_MAX_EXTENT || k < 1 || k > POOL_MAX_EXTENT || s < 1 ||
      s > POOL_MAX_EXTENT || dl < 1 || dl > POOL_MAX_EXTENT || pb < 0 || pb > POOL_MAX_EXTENT ||
      pe < 0 || pe > POOL_MAX_EXTENT)
    return onnx_error(n, "dilated %s needs static spatial dims, kernel_shape, strides and "
                         "dilations in [1, 2^31) and pads in [0, 2^31)", n->node->op_type);
  /* All terms below 2^31: their sums and products fit in 64 bits. */
  int64_t span = dl * (k - 1) + 1, limit = in + pb + pe, numer = limit - span;
  if (numer < 0)
    return onnx_error(n, "the dilated window (%lld elements) is larger than the padded input "
                         "(%lld)", (long long)span, (long long)limit);
  int64_t out = numer / s + 1;
  if (ceil_mode && numer % s) {
    ++out;
    if ((out - 1) * s >= in + pb) /* the last window must start inside */
      --out;
  }
  int64_t extra = (out - 1) * s + span - limit;
  ax->out = out;
  ax->pad_begin = pb + (extra > 0 ? extra / 2 : 0);
  ax->pad_end = pe + (extra > 0 ? extra - extra / 2 : 0);
  /* Input elements at padded positions >= limit are never read. */
  int64_t kept = limit - ax->pad_begin;
  ax->kept = kept < 0 ? 0 : kept > in ? in : kept;
  if (ax->kept < 1)
    return onnx_error(n, "the dilated windows read none of the input");
  ax->pad_end += in - ax->kept; /* the cut part counts as padding */
  return true;
}

/* The elements window o of axis ax reads: those before the padded end
 * (limit), only the input's when the padding is not counted. */
static int64_t axis_count(const pool_axis_t *ax, int64_t o, int64_t k, int64_t s, int64_t dl,
                          int64_t limit, bool include_pad) {
  int64_t count = 0;
  for (int64_t j = 0; j < k; ++j) {
    int64_t q = o * s + j * dl;
    if (q < limit && (include_pad || (q >= ax->pad_begin && q < ax->pad_begin + ax->kept)))
      ++count;
  }
  return count;
}

/* The constant [1, 1, out...] of the windows' element counts (a product
 * of the per-axis counts), of element type elem. */
static MlirValue window_counts(onnx_node_t *n, int gd, const pool_axis_t *axes,
                               const int64_t *kernel, const int64_t *strides, const int64_t *dil,
                               const int64_t *limits, bool include_pad, MlirType elem) {
  int64_t total = 1;
  for (int i = 0; i < gd; ++i)
    if (!strata_mul_i64(total, axes[i].out, &total) || total > (1 << 26)) {
      onnx_error(n, "the dilated pooling's output is too large");
      return (MlirValue){NULL};
    }
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE, {gd + 2, {1, 1}}, total,
                    malloc(sizeof(double) * (size_t)total)};
  int64_t *per_axis[3] = {NULL, NULL, NULL};
  bool ok = c.data != NULL;
  for (int i = 0; ok && i < gd; ++i) {
    c.shape.dims[2 + i] = axes[i].out;
    per_axis[i] = malloc(sizeof(int64_t) * (size_t)axes[i].out);
    ok = per_axis[i] != NULL;
    for (int64_t o = 0; ok && o < axes[i].out; ++o)
      per_axis[i][o] = axis_count(&axes[i], o, kernel[i], strides[i], dil[i], limits[i],
                                  include_pad);
  }
  for (int64_t e = 0; ok && e < total; ++e) {
    int64_t rest = e, count = 1;
    for (int i = gd - 1; i >= 0; --i) {
      count *= per_axis[i][rest % axes[i].out];
      rest /= axes[i].out;
    }
    ((double *)c.data)[e] = (double)count;
  }
  for (int i = 0; i < gd; ++i)
    free(per_axis[i]);
  if (!ok) {
    onnx_const_free(&c);
    onnx_error(n, "out of memory");
    return (MlirValue){NULL};
  }
  MlirValue v = onnx_cast_to(n, onnx_constant(n->imp, &n->b, &c, NULL), elem);
  onnx_const_free(&c);
  return v;
}

MlirValue onnx_pool_window_sum(onnx_node_t *n, MlirValue x, int gd, const int64_t *kernel,
                               const int64_t *strides, const int64_t *dil, const int64_t *pads,
                               bool ceil_mode, bool include_pad, MlirValue *count) {
  strata_graph_shape_t s;
  MlirType elem = onnx_elem(x);
  if (!onnx_shape(x, &s) || s.rank != gd + 2 || onnx_failed(n))
    return (MlirValue){NULL};
  if (!mlirTypeIsAFloat(elem)) {
    onnx_error(n, "dilated %s needs a float input", n->node->op_type);
    return (MlirValue){NULL};
  }
  int64_t channels = s.dims[1];
  if (channels < 1 || channels > POOL_MAX_EXTENT) {
    onnx_error(n, "dilated %s needs a static channel count", n->node->op_type);
    return (MlirValue){NULL};
  }
  pool_axis_t axes[3];
  int64_t limits[3], conv_pads[6], ends[STRATA_GRAPH_MAX_RANK], w_count = channels;
  for (int i = 0; i < gd; ++i) {
    if (!layout_axis(n, s.dims[2 + i], kernel[i], strides[i], dil[i], pads[i], pads[gd + i],
                     ceil_mode, &axes[i]))
      return (MlirValue){NULL};
    limits[i] = s.dims[2 + i] + pads[i] + pads[gd + i];
    conv_pads[i] = axes[i].pad_begin;
    conv_pads[gd + i] = axes[i].pad_end;
    ends[2 + i] = axes[i].kept;
    if (!strata_mul_i64(w_count, kernel[i], &w_count) || w_count > (1 << 26)) {
      onnx_error(n, "the dilated pooling's kernel is too large");
      return (MlirValue){NULL};
    }
  }
  /* The input the windows read: cut where the reference stops. */
  int64_t starts[STRATA_GRAPH_MAX_RANK] = {0}, steps[STRATA_GRAPH_MAX_RANK];
  ends[0] = ends[1] = INT64_MAX; /* to the end of N and C */
  for (intptr_t i = 0; i < s.rank; ++i)
    steps[i] = 1;
  MlirNamedAttribute sa[3] = {onnx_ints_attr(n, "starts", s.rank, starts),
                              onnx_ints_attr(n, "ends", s.rank, ends),
                              onnx_ints_attr(n, "steps", s.rank, steps)};
  MlirValue cut = onnx_build(n, "graph.slice", 1, &x, (MlirType){NULL}, 3, sa);
  /* Weights of ones [C, 1, kernel...]: each channel summed alone. */
  onnx_const_t ones = {ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE, {gd + 2, {channels, 1}}, w_count,
                       malloc(sizeof(double) * (size_t)w_count)};
  if (!ones.data) {
    onnx_error(n, "out of memory");
    return (MlirValue){NULL};
  }
  for (int i = 0; i < gd; ++i)
    ones.shape.dims[2 + i] = kernel[i];
  for (int64_t e = 0; e < w_count; ++e)
    ((double *)ones.data)[e] = 1.0;
  MlirValue weights = onnx_cast_to(n, onnx_constant(n->imp, &n->b, &ones, NULL), elem);
  onnx_const_free(&ones);
  bool three = gd == 3;
  MlirNamedAttribute a[6] = {onnx_ints_attr(n, "strides", gd, strides),
                             onnx_ints_attr(n, "padding", 2 * gd, conv_pads),
                             onnx_ints_attr(n, "dilation", gd, dil),
                             onnx_i64_attr(n, "groups", channels),
                             onnx_str_attr(n, "data_layout", three ? "NCDHW" : "NCHW"),
                             onnx_str_attr(n, "kernel_layout", three ? "OIDHW" : "OIHW")};
  MlirValue ops[2] = {cut, weights};
  MlirValue sum = onnx_build(n, three ? "graph.conv3d" : "graph.conv2d", 2, ops, (MlirType){NULL},
                             6, a);
  if (count)
    *count = window_counts(n, gd, axes, kernel, strides, dil, limits, include_pad, elem);
  return sum;
}
