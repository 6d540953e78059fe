/* ONNX CenterCropPad and AffineGrid for the ONNX importer, composed from
 * existing graph ops:
 * - CenterCropPad: each of `axes` (default all) of the input is cropped or
 *   zero-padded to the constant `shape`, centered: a larger dim is sliced
 *   from floor((in - out) / 2), a smaller one padded by floor((out - in) / 2)
 *   before and the rest after (one graph.slice, then one graph.pad).
 * - AffineGrid: the base grid of normalized coordinates [x, y, (z,) 1] of
 *   the constant `size` (a constant built at import time) times theta^T
 *   (graph.transpose, then the MatMul helper), reshaped to
 *   [N, (D,) H, W, 2 or 3]. */
#include <stdlib.h>

#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

static bool map_center_crop_pad(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1))
    return false;
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  int64_t shape[STRATA_GRAPH_MAX_RANK], axes[STRATA_GRAPH_MAX_RANK];
  int64_t ns = onnx_const_ints(n, 1, "shape", shape, STRATA_GRAPH_MAX_RANK);
  if (ns < 0)
    return false;
  int na = onnx_attr_ints(n, "axes", axes, STRATA_GRAPH_MAX_RANK);
  if (na == -2)
    return false;
  if (na < 0) {
    na = (int)s.rank;
    for (int i = 0; i < na; ++i)
      axes[i] = i;
  }
  if (ns != na)
    return onnx_error(n, "shape has %lld values, expected %d (one per axis)", (long long)ns, na);
  int64_t starts[STRATA_GRAPH_MAX_RANK], ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  int64_t pads[2 * STRATA_GRAPH_MAX_RANK] = {0};
  bool seen[STRATA_GRAPH_MAX_RANK] = {false}, crop = false, pad = false;
  for (intptr_t i = 0; i < s.rank; ++i)
    starts[i] = 0, ends[i] = INT64_MAX, steps[i] = 1;
  for (int k = 0; k < na; ++k) {
    int64_t a;
    if (!onnx_axis(n, axes[k], s.rank, &a))
      return false;
    if (seen[a])
      return onnx_error(n, "axis %lld is given twice in axes", (long long)a);
    seen[a] = true;
    int64_t in = s.dims[a], out = shape[k];
    if (out < 0)
      return onnx_error(n, "shape value %lld for axis %lld is negative", (long long)out,
                        (long long)a);
    if (in == STRATA_GRAPH_DYN)
      return onnx_error(n, "CenterCropPad of a dynamic dim (axis %lld) is not supported",
                        (long long)a);
    if (in > out) {
      starts[a] = (in - out) / 2, ends[a] = starts[a] + out;
      crop = true;
    } else if (in < out) {
      pads[a] = (out - in) / 2, pads[s.rank + a] = out - in - pads[a];
      pad = true;
    }
  }
  MlirValue y = x;
  if (crop) {
    MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", s.rank, starts),
                               onnx_ints_attr(n, "ends", s.rank, ends),
                               onnx_ints_attr(n, "steps", s.rank, steps)};
    y = onnx_build(n, "graph.slice", 1, &y, NULL_TYPE, 3, a);
  }
  if (pad) {
    MlirNamedAttribute a[2] = {onnx_ints_attr(n, "pads", 2 * s.rank, pads),
                               onnx_scalar_attr(n, "pad_value", onnx_elem(x), 0.0)};
    y = onnx_build(n, "graph.pad", 1, &y, NULL_TYPE, 2, a);
  }
  return onnx_out(n, y);
}

/* Coordinate i of `size` points normalized to [-1, 1]: the corners' centers
 * with align_corners, else the pixels' centers (one point: 0). */
static double grid_coord(int64_t i, int64_t size, bool align_corners) {
  if (align_corners)
    return size > 1 ? -1.0 + 2.0 * (double)i / (double)(size - 1) : 0.0;
  return (2.0 * (double)i + 1.0) / (double)size - 1.0;
}

static bool map_affine_grid(onnx_node_t *n) {
  MlirValue theta = onnx_in0(n);
  if (mlirValueIsNull(theta) || !onnx_need_input(n, 1))
    return false;
  strata_graph_shape_t ts;
  onnx_shape(theta, &ts);
  int64_t size[5];
  int64_t ns = onnx_const_ints(n, 1, "size", size, 5);
  if (ns < 0)
    return false;
  if (ns != 4 && ns != 5)
    return onnx_error(n, "size has %lld values, expected 4 ([N, C, H, W]) or 5 ([N, C, D, H, W])",
                      (long long)ns);
  int64_t gd = ns - 2; /* spatial dims: 2 or 3 */
  if (ts.rank != 3 || (ts.dims[1] != STRATA_GRAPH_DYN && ts.dims[1] != gd) ||
      (ts.dims[2] != STRATA_GRAPH_DYN && ts.dims[2] != gd + 1))
    return onnx_error(n, "theta must be [N, %lld, %lld] for a %lld-D size", (long long)gd,
                      (long long)(gd + 1), (long long)gd);
  int64_t points = 1;
  for (int64_t i = 2; i < ns; ++i) {
    if (size[i] < 1 || size[i] > (int64_t)1 << 24 || points > ((int64_t)1 << 24) / size[i])
      return onnx_error(n, "size value %lld (dim %lld) gives an empty or too large grid",
                        (long long)size[i], (long long)i);
    points *= size[i];
  }
  bool align = onnx_attr_int(n, "align_corners", 0) != 0;
  MlirType elem = onnx_elem(theta);
  bool f64 = mlirTypeIsAF64(elem);
  onnx_const_t c = {f64 ? ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE : ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT,
                    {2, {points, gd + 1}}, points * (gd + 1), NULL};
  c.data = malloc((size_t)c.numel * (f64 ? sizeof(double) : sizeof(float)));
  if (!c.data)
    return onnx_error(n, "out of memory");
  /* Row p = (x, y, [z,] 1) of point p in [D,] H, W order (W fastest). */
  for (int64_t p = 0; p < points; ++p) {
    int64_t rest = p;
    for (int64_t j = 0; j < gd; ++j) { /* j = 0: x (W), 1: y (H), 2: z (D) */
      int64_t dim = size[ns - 1 - j];
      onnx_const_set_f(&c, p * (gd + 1) + j, grid_coord(rest % dim, dim, align));
      rest /= dim;
    }
    onnx_const_set_f(&c, p * (gd + 1) + gd, 1.0);
  }
  MlirValue base = onnx_cast_to(n, onnx_constant(n->imp, &n->b, &c, NULL), elem);
  onnx_const_free(&c);
  int64_t perm[3] = {0, 2, 1};
  MlirNamedAttribute pa = onnx_ints_attr(n, "perm", 3, perm);
  MlirValue theta_t = onnx_build(n, "graph.transpose", 1, &theta, NULL_TYPE, 1, &pa);
  MlirValue g = onnx_matmul(n, base, theta_t); /* [N, points, gd] */
  int64_t dims[5] = {ts.dims[0]};
  for (int64_t i = 2; i < ns; ++i)
    dims[i - 1] = size[i];
  dims[ns - 1] = gd;
  return onnx_out(n, onnx_reshape(n, g, (intptr_t)ns, dims));
}

const onnx_mapping_t strata_onnx_crop_ops[] = {
    {"CenterCropPad", map_center_crop_pad},
    {"AffineGrid", map_affine_grid},
    {NULL, NULL},
};
