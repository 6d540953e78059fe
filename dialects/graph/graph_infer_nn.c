/* Shape inference of the graph dialect's neural-network family: matrix
 * products, convolutions (also transposed), pooling, normalisation,
 * softmax, resizing, grid sampling and detection (NMS, RoiAlign).
 * Helpers and the rule-table type: graph_infer.h. */
#include "dialects/graph/graph_infer.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked_math.h"
#include "core/text.h"

static bool inner_dims(ctx_t *c, const char *na, int64_t a, const char *nb, int64_t b) {
  if (!gi_dims_agree(a, b))
    return gi_fail(c, "inner dimensions differ: %s has %lld, %s has %lld", na, (long long)a, nb,
                   (long long)b);
  return true;
}

static bool infer_matmul(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t a, b;
  if (!gi_operand_shape(c, 0, "lhs", &a) || !gi_operand_shape(c, 1, "rhs", &b) ||
      !gi_expect_rank(c, "lhs", &a, 2) || !gi_expect_rank(c, "rhs", &b, 2) ||
      !gi_same_elem(c, 0, "lhs", 1, "rhs") || !inner_dims(c, "lhs", a.dims[1], "rhs", b.dims[0]))
    return false;
  *out = (shape_t){.rank = 2, .dims = {a.dims[0], b.dims[1]}};
  return true;
}

static bool infer_batch_matmul(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t a, b;
  if (!gi_operand_shape(c, 0, "lhs", &a) || !gi_operand_shape(c, 1, "rhs", &b) ||
      !gi_expect_min_rank(c, "lhs", &a, 3) || !gi_expect_min_rank(c, "rhs", &b, 3) ||
      !gi_same_elem(c, 0, "lhs", 1, "rhs") ||
      !inner_dims(c, "lhs", a.dims[a.rank - 1], "rhs", b.dims[b.rank - 2]))
    return false;
  shape_t ba = {.rank = a.rank - 2}, bb = {.rank = b.rank - 2};
  memcpy(ba.dims, a.dims, sizeof(int64_t) * (size_t)ba.rank);
  memcpy(bb.dims, b.dims, sizeof(int64_t) * (size_t)bb.rank);
  if (!strata_graph_broadcast_shape(&ba, &bb, out))
    return gi_not_broadcastable(c, "batch dimensions", &ba, &bb);
  out->dims[out->rank++] = a.dims[a.rank - 2];
  out->dims[out->rank++] = b.dims[b.rank - 1];
  return true;
}

/* The optional bias (operand 2) of dense/conv2d: [n], same element type. */
static bool check_bias(ctx_t *c, int64_t n) {
  if (mlirOperationGetNumOperands(c->op) < 3)
    return true;
  shape_t want = {.rank = 1, .dims = {n}};
  return gi_same_elem(c, 0, "input", 2, "bias") && gi_expect_shape(c, 2, "bias", &want);
}

static bool infer_dense(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x, w;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_operand_shape(c, 1, "weight", &w) ||
      !gi_expect_min_rank(c, "input", &x, 1) || !gi_expect_rank(c, "weight", &w, 2) ||
      !gi_same_elem(c, 0, "input", 1, "weight") ||
      !inner_dims(c, "input", x.dims[x.rank - 1], "weight", w.dims[1]) || !check_bias(c, w.dims[0]))
    return false;
  *out = x;
  out->dims[out->rank - 1] = w.dims[0];
  return true;
}

/* Reports an output extent <= 0 along `axis` (the window does not fit). */
static bool window_fits(ctx_t *c, char axis, int64_t size) {
  if (size == STRATA_GRAPH_TOO_LARGE)
    return gi_fail(c, "output size along '%c' is too large: it does not fit in 64 bits", axis);
  if (size != DYN && size <= 0)
    return gi_fail(c, "output size along '%c' would be %lld (window larger than the padded input)",
                   axis, (long long)size);
  return true;
}

/* The spatial axes of a window op: "DHW" for the *3d ops, "HW" otherwise;
 * the default data/kernel layouts name them. */
static const char *spatial_axes(ctx_t *c) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(c->op));
  return name.length > 2 && !memcmp(name.data + name.length - 2, "3d", 2) ? "DHW" : "HW";
}

/* Output sizes along the spatial axes `sp` (in[] holds logical sizes):
 * padding = [begin per axis..., end per axis...]. */
static bool window_out(ctx_t *c, const char *sp, int64_t in[26], const int64_t *kernel,
                       const int64_t *strides, const int64_t *pads, const int64_t *dil,
                       bool ceil_mode) {
  int ns = (int)strlen(sp);
  for (int i = 0; i < ns; ++i) {
    int64_t *v = &in[sp[i] - 'A'];
    *v = strata_graph_window_out_size(*v, kernel[i], strides[i], pads[i], pads[ns + i], dil[i],
                                      ceil_mode);
    if (!window_fits(c, sp[i], *v))
      return false;
  }
  return true;
}

/* conv2d (NCHW / OIHW axes) and conv3d (NCDHW / OIDHW). */
static bool infer_conv(ctx_t *c, shape_t *out, MlirType *elem) {
  const char *sp = spatial_axes(c);
  intptr_t ns = (intptr_t)strlen(sp);
  char dprim[8], kprim[8];
  snprintf(dprim, sizeof dprim, "NC%s", sp);
  snprintf(kprim, sizeof kprim, "OI%s", sp);
  shape_t x, w;
  layout_t dl, kl;
  int64_t strides[MAX_LIST], pads[MAX_LIST], dil[MAX_LIST], groups;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_operand_shape(c, 1, "weight", &w) ||
      !gi_same_elem(c, 0, "input", 1, "weight") ||
      !gi_attr_i64s_min(c, "strides", ns, 1, strides) ||
      !gi_attr_i64s_min(c, "padding", 2 * ns, 0, pads) ||
      !gi_attr_i64s_min(c, "dilation", ns, 1, dil) || !gi_attr_i64(c, "groups", &groups) ||
      !gi_at_least(c, "groups", &groups, 1, 1) || !gi_attr_layout(c, "data_layout", dprim, &dl) ||
      !gi_attr_layout(c, "kernel_layout", kprim, &kl) ||
      !gi_shape_in_layout(c, "input", &x, "data_layout", &dl) ||
      !gi_shape_in_layout(c, "weight", &w, "kernel_layout", &kl))
    return false;
  int64_t in[26], k[26];
  strata_graph_layout_to_logical(&dl, &x, in);
  strata_graph_layout_to_logical(&kl, &w, k);
  int64_t ch = in['C' - 'A'], oc = k['O' - 'A'], ic = k['I' - 'A'];
  if (ch != DYN && ch % groups != 0)
    return gi_fail(c, "input channels %lld are not divisible by groups %lld", (long long)ch,
                   (long long)groups);
  if (ch != DYN && !gi_dims_agree(ic, ch / groups))
    return gi_fail(c, "weight has %lld input channels, expected %lld (input channels / groups)",
                   (long long)ic, (long long)(ch / groups));
  if (oc != DYN && oc % groups != 0)
    return gi_fail(c, "output channels %lld are not divisible by groups %lld", (long long)oc,
                   (long long)groups);
  int64_t kernel[3];
  for (intptr_t i = 0; i < ns; ++i)
    kernel[i] = k[sp[i] - 'A'];
  in['C' - 'A'] = oc;
  return window_out(c, sp, in, kernel, strides, pads, dil, false) && check_bias(c, oc) &&
         gi_to_physical(c, &dl, "data_layout", in, out);
}

/* max_pool2d/3d (with dilation) and avg_pool2d/3d (with count_include_pad). */
static bool infer_pool(ctx_t *c, shape_t *out, bool is_max) {
  const char *sp = spatial_axes(c);
  intptr_t ns = (intptr_t)strlen(sp);
  char prim[8];
  snprintf(prim, sizeof prim, "NC%s", sp);
  shape_t x;
  layout_t l;
  int64_t kernel[MAX_LIST], strides[MAX_LIST], pads[MAX_LIST], dil[MAX_LIST] = {1, 1, 1};
  bool ceil_mode, include_pad;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_attr_i64s_min(c, "kernel", ns, 1, kernel) ||
      !gi_attr_i64s_min(c, "strides", ns, 1, strides) ||
      !gi_attr_i64s_min(c, "padding", 2 * ns, 0, pads) ||
      (is_max && !gi_attr_i64s_min(c, "dilation", ns, 1, dil)) ||
      !gi_attr_bool(c, "ceil_mode", &ceil_mode) ||
      (!is_max && !gi_attr_bool(c, "count_include_pad", &include_pad)) ||
      !gi_attr_layout(c, "layout", prim, &l) || !gi_shape_in_layout(c, "input", &x, "layout", &l))
    return false;
  int64_t in[26];
  strata_graph_layout_to_logical(&l, &x, in);
  return window_out(c, sp, in, kernel, strides, pads, dil, ceil_mode) &&
         gi_to_physical(c, &l, "layout", in, out);
}

static bool infer_max_pool(ctx_t *c, shape_t *out, MlirType *elem) {
  return infer_pool(c, out, true);
}

/* max_pool2d_indices: max_pool2d's shape, i64 elements. */
static bool infer_max_pool_indices(ctx_t *c, shape_t *out, MlirType *elem) {
  int64_t order;
  if (!infer_pool(c, out, true) || !gi_attr_i64(c, "storage_order", &order))
    return false;
  if (order != 0 && order != 1)
    return gi_fail(c, "'storage_order' must be 0 or 1, got %lld", (long long)order);
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
  return true;
}

static bool infer_avg_pool(ctx_t *c, shape_t *out, MlirType *elem) {
  return infer_pool(c, out, false);
}

static bool infer_global_avg_pool2d(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t x;
  layout_t l;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_attr_layout(c, "layout", "NCHW", &l) ||
      !gi_shape_in_layout(c, "input", &x, "layout", &l))
    return false;
  int64_t in[26];
  strata_graph_layout_to_logical(&l, &x, in);
  in['H' - 'A'] = in['W' - 'A'] = 1;
  return gi_to_physical(c, &l, "layout", in, out);
}

static bool infer_batch_norm(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const params[] = {"gamma", "beta", "mean", "var"};
  int64_t axis;
  double eps;
  if (!gi_operand_shape(c, 0, "input", out) || !gi_expect_min_rank(c, "input", out, 1) ||
      !gi_attr_i64(c, "axis", &axis) || !gi_in_range(c, "axis", axis, out->rank) ||
      !gi_attr_f32(c, "epsilon", &eps))
    return false;
  if (!(eps >= 0))
    return gi_fail(c, "'epsilon' must be non-negative, got %g", eps);
  shape_t want = {.rank = 1, .dims = {out->dims[axis]}};
  for (intptr_t i = 0; i < 4; ++i)
    if (!gi_same_elem(c, 0, "input", i + 1, params[i]) ||
        !gi_expect_shape(c, i + 1, params[i], &want))
      return false;
  return true;
}

static bool infer_softmax(ctx_t *c, shape_t *out, MlirType *elem) {
  int64_t axis;
  return gi_operand_shape(c, 0, "input", out) && gi_attr_i64(c, "axis", &axis) &&
         gi_in_range(c, "axis", axis, out->rank);
}

static int64_t transposed_size(int64_t in, int64_t kernel, int64_t stride, int64_t pad_begin,
                               int64_t pad_end, int64_t dilation, int64_t output_padding) {
  int64_t a, b, r;
  if (!strata_mul_i64(in - 1, stride, &a) || !strata_mul_i64(dilation, kernel - 1, &b) ||
      !strata_add_i64(a, -pad_begin, &r) || !strata_add_i64(r, -pad_end, &r) ||
      !strata_add_i64(r, b, &r) || !strata_add_i64(r, output_padding, &r) ||
      !strata_add_i64(r, 1, &r))
    return STRATA_GRAPH_TOO_LARGE;
  return r;
}

static bool infer_conv_transpose2d(ctx_t *c, shape_t *out, MlirType *elem) {
  const char *sp = spatial_axes(c);
  intptr_t ns = (intptr_t)strlen(sp);
  shape_t x, w;
  int64_t strides[MAX_LIST], pads[MAX_LIST], dil[MAX_LIST], opad[MAX_LIST], groups;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_operand_shape(c, 1, "weight", &w) ||
      !gi_expect_rank(c, "input", &x, 2 + ns) || !gi_expect_rank(c, "weight", &w, 2 + ns) ||
      !gi_same_elem(c, 0, "input", 1, "weight") ||
      !gi_attr_i64s_min(c, "strides", ns, 1, strides) ||
      !gi_attr_i64s_min(c, "padding", 2 * ns, 0, pads) ||
      !gi_attr_i64s_min(c, "dilation", ns, 1, dil) ||
      !gi_attr_i64s_min(c, "output_padding", ns, 0, opad) || !gi_attr_i64(c, "groups", &groups) ||
      !gi_at_least(c, "groups", &groups, 1, 1))
    return false;
  int64_t ch = x.dims[1];
  if (ch != DYN && ch % groups != 0)
    return gi_fail(c, "input channels %lld are not divisible by groups %lld", (long long)ch,
                   (long long)groups);
  if (!gi_dims_agree(w.dims[0], ch))
    return gi_fail(c, "weight has %lld input channels (dim 0), expected %lld", (long long)w.dims[0],
                   (long long)ch);
  int64_t oc = DYN;
  if (w.dims[1] != DYN && !strata_mul_i64(w.dims[1], groups, &oc))
    return gi_fail(c, "output channels are too large: %lld * %lld groups does not fit in 64 bits",
                   (long long)w.dims[1], (long long)groups);
  *out = (shape_t){.rank = 2 + ns, .dims = {x.dims[0], oc}};
  for (intptr_t k = 0; k < ns; ++k) {
    int64_t in = x.dims[2 + k], kk = w.dims[2 + k], o = DYN;
    if (in != DYN && kk != DYN)
      o = transposed_size(in, kk, strides[k], pads[k], pads[k + ns], dil[k], opad[k]);
    if (!window_fits(c, sp[k], o))
      return false;
    out->dims[2 + k] = o;
  }
  return check_bias(c, oc);
}

static bool infer_resize(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const modes[] = {"nearest", "linear", "cubic"};
  static const char *const coords[] = {"half_pixel",         "asymmetric",
                                       "align_corners",      "pytorch_half_pixel",
                                       "tf_crop_and_resize", "half_pixel_symmetric"};
  static const char *const nearest[] = {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"};
  shape_t x;
  int mode, coord, near;
  if (!gi_operand_shape(c, 0, "input", &x) ||
      !gi_read_shape(c, mlirValueGetType(mlirOperationGetResult(c->op, 0)), "result", out) ||
      !gi_attr_choice(c, "mode", modes, 3, &mode) ||
      !gi_attr_choice(c, "coordinate_transformation_mode", coords, 6, &coord) ||
      !gi_attr_choice(c, "nearest_mode", nearest, 4, &near))
    return false;
  if (out->rank != x.rank)
    return gi_fail(c, "result rank %lld differs from the input's %lld", (long long)out->rank,
                   (long long)x.rank);
  if (mode >= 1 && !gi_expect_float(c, *elem))
    return false;
  /* optional: cubic_coeff_a (float), exclude_outside (bool), antialias
   * (bool), and for
   * tf_crop_and_resize roi (array<f64>, starts then ends) and
   * extrapolation_value (float) */
  MlirAttribute ca = gi_attr(c, "cubic_coeff_a");
  if (!mlirAttributeIsNull(ca) && !mlirAttributeIsAFloat(ca))
    return gi_fail(c, "'cubic_coeff_a' must be a float attribute");
  MlirAttribute ex = gi_attr(c, "exclude_outside");
  if (!mlirAttributeIsNull(ex) && !mlirAttributeIsABool(ex))
    return gi_fail(c, "'exclude_outside' must be a bool attribute");
  MlirAttribute aa = gi_attr(c, "antialias");
  if (!mlirAttributeIsNull(aa) && !mlirAttributeIsABool(aa))
    return gi_fail(c, "'antialias' must be a bool attribute");
  MlirAttribute ev = gi_attr(c, "extrapolation_value");
  if (!mlirAttributeIsNull(ev) && !mlirAttributeIsAFloat(ev))
    return gi_fail(c, "'extrapolation_value' must be a float attribute");
  if (coord == 4) {
    MlirAttribute roi = gi_attr(c, "roi");
    if (mlirAttributeIsNull(roi) || !mlirAttributeIsADenseF64Array(roi) ||
        mlirDenseArrayGetNumElements(roi) != 2 * x.rank)
      return gi_fail(c,
                     "tf_crop_and_resize needs 'roi', an array<f64> of %lld values (starts, "
                     "then ends)",
                     (long long)(2 * x.rank));
  }
  MlirAttribute a = gi_attr(c, "scales");
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseF64Array(a))
    return gi_fail(c, "'scales' must be an array<f64: ...> attribute");
  if (mlirDenseArrayGetNumElements(a) != x.rank)
    return gi_fail(c, "'scales' must have %lld elements, got %lld", (long long)x.rank,
                   (long long)mlirDenseArrayGetNumElements(a));
  for (intptr_t d = 0; d < x.rank; ++d) {
    double s = mlirDenseF64ArrayGetElement(a, d);
    if (!(s > 0))
      return gi_fail(c, "'scales' must be positive, got %g", s);
    /* The result size is floor(in * scale) (ONNX scales), given (ONNX
     * sizes, scale = out / in) or in * scale rounded half up (sizes with
     * keep_aspect_ratio_policy): in * scale - out is in [-0.5, 1), allowing
     * for the rounding of out / in. */
    double excess = (double)x.dims[d] * s - (double)out->dims[d];
    if (x.dims[d] != DYN && out->dims[d] != DYN &&
        (out->dims[d] < 1 || excess < -0.5 - 1e-6 || excess >= 1.0))
      return gi_fail(c, "result dimension %lld is %lld but input size %lld times scale %g is %g",
                     (long long)d, (long long)out->dims[d], (long long)x.dims[d], s,
                     (double)x.dims[d] * s);
  }
  return true;
}

/* ---- Sampling ------------------------------------------------------------ */

/* grid_sample: input [N, C, H, W], grid [N, Ho, Wo, 2] -> [N, C, Ho, Wo]. */
static bool infer_grid_sample(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const modes[] = {"bilinear", "nearest", "bicubic"};
  static const char *const paddings[] = {"zeros", "border", "reflection"};
  shape_t x, g;
  int mode, padding;
  bool align;
  if (!gi_operand_shape(c, 0, "input", &x) || !gi_operand_shape(c, 1, "grid", &g) ||
      !gi_same_elem(c, 0, "input", 1, "grid") || !gi_expect_float(c, *elem) ||
      !gi_attr_choice(c, "mode", modes, 3, &mode) ||
      !gi_attr_choice(c, "padding_mode", paddings, 3, &padding) ||
      !gi_attr_bool(c, "align_corners", &align))
    return false;
  /* input [N, C, D1..Dk] with k = 1, 2 or 3; grid [N, O1..Ok, k] */
  if (x.rank < 3 || x.rank > 5)
    return gi_fail(c, "operand 'input' must have rank 3, 4 or 5 (1 to 3 spatial dims), got %lld",
                   (long long)x.rank);
  int64_t k = x.rank - 2;
  if (!gi_expect_rank(c, "grid", &g, x.rank))
    return false;
  if (g.dims[k + 1] != DYN && g.dims[k + 1] != k)
    return gi_fail(c, "operand 'grid' must hold %lld coordinates in its last dim, got %lld",
                   (long long)k, (long long)g.dims[k + 1]);
  if (!gi_dims_agree(x.dims[0], g.dims[0]))
    return gi_fail(c, "batch of 'grid' (%lld) differs from 'input' (%lld)", (long long)g.dims[0],
                   (long long)x.dims[0]);
  out->rank = x.rank;
  out->dims[0] = x.dims[0] != DYN ? x.dims[0] : g.dims[0];
  out->dims[1] = x.dims[1];
  for (int64_t d = 0; d < k; ++d)
    out->dims[2 + d] = g.dims[1 + d];
  return true;
}

/* ---- Detection ----------------------------------------------------------- */

/* Operand i's element type is f32 (what the detection kernels compute on). */
static bool expect_f32_operand(ctx_t *c, intptr_t i, const char *name) {
  MlirType e = gi_elem_of(gi_operand_type(c, i));
  if (mlirTypeIsAF32(e))
    return true;
  char s[STR];
  return gi_fail(c, "operand '%s' must be a tensor of f32, got %s", name, gi_type_str(e, s));
}

/* non_max_suppression: boxes [B, N, 4], scores [B, C, N] -> [K, 3] i64 (K is
 * data-dependent: any static size up to B * C * min(N, max) is accepted). */
static bool infer_non_max_suppression(ctx_t *c, shape_t *out, MlirType *elem) {
  shape_t b, s, r;
  int64_t center, max_out;
  double iou, score;
  if (!gi_operand_shape(c, 0, "boxes", &b) || !gi_operand_shape(c, 1, "scores", &s) ||
      !gi_expect_rank(c, "boxes", &b, 3) || !gi_expect_rank(c, "scores", &s, 3) ||
      !expect_f32_operand(c, 0, "boxes") || !expect_f32_operand(c, 1, "scores") ||
      !gi_attr_i64(c, "center_point_box", &center) ||
      !gi_attr_i64(c, "max_output_boxes_per_class", &max_out) ||
      !gi_at_least(c, "max_output_boxes_per_class", &max_out, 1, 0) ||
      !gi_attr_f32(c, "iou_threshold", &iou) || !gi_attr_f32(c, "score_threshold", &score) ||
      !gi_read_shape(c, mlirValueGetType(mlirOperationGetResult(c->op, 0)), "result", &r))
    return false;
  if (center != 0 && center != 1)
    return gi_fail(c, "'center_point_box' must be 0 or 1, got %lld", (long long)center);
  if (!(iou >= 0 && iou <= 1))
    return gi_fail(c, "'iou_threshold' must be in [0, 1], got %g", iou);
  if (!gi_dims_agree(b.dims[2], 4))
    return gi_fail(c, "operand 'boxes' must hold 4 coordinates in its last dim, got %lld",
                   (long long)b.dims[2]);
  if (!gi_dims_agree(b.dims[0], s.dims[0]))
    return gi_fail(c, "batch of 'scores' (%lld) differs from 'boxes' (%lld)", (long long)s.dims[0],
                   (long long)b.dims[0]);
  if (!gi_dims_agree(b.dims[1], s.dims[2]))
    return gi_fail(c, "operand 'scores' has %lld boxes (dim 2) but 'boxes' has %lld (dim 1)",
                   (long long)s.dims[2], (long long)b.dims[1]);
  int64_t batches = b.dims[0] != DYN ? b.dims[0] : s.dims[0];
  int64_t n = b.dims[1] != DYN ? b.dims[1] : s.dims[2];
  if (r.rank == 2 && r.dims[0] != DYN && batches != DYN && s.dims[1] != DYN && n != DYN) {
    int64_t most;
    bool fits = strata_mul_i64(batches, s.dims[1], &most) &&
                strata_mul_i64(most, n < max_out ? n : max_out, &most);
    if (fits && r.dims[0] > most) /* else more than any static size */
      return gi_fail(c, "result has %lld rows, more than the %lld boxes that can be selected",
                     (long long)r.dims[0], (long long)most);
  }
  *out = (shape_t){.rank = 2, .dims = {DYN, 3}};
  *elem = mlirIntegerTypeGet(mlirOperationGetContext(c->op), 64);
  return true;
}

/* roi_align: x [N, C, H, W], rois [R, 4], batch_indices [R] i64
 * -> [R, C, output_height, output_width]. */
static bool infer_roi_align(ctx_t *c, shape_t *out, MlirType *elem) {
  static const char *const modes[] = {"avg", "max"};
  static const char *const coords[] = {"half_pixel", "output_half_pixel"};
  shape_t x, r, bi;
  int mode, coord;
  int64_t oh, ow, ratio;
  double scale;
  if (!gi_operand_shape(c, 0, "x", &x) || !gi_operand_shape(c, 1, "rois", &r) ||
      !gi_operand_shape(c, 2, "batch_indices", &bi) || !gi_expect_rank(c, "x", &x, 4) ||
      !gi_expect_rank(c, "rois", &r, 2) || !gi_expect_rank(c, "batch_indices", &bi, 1) ||
      !expect_f32_operand(c, 0, "x") || !gi_same_elem(c, 0, "x", 1, "rois") ||
      !gi_attr_choice(c, "mode", modes, 2, &mode) ||
      !gi_attr_choice(c, "coordinate_transformation_mode", coords, 2, &coord) ||
      !gi_attr_i64(c, "output_height", &oh) || !gi_at_least(c, "output_height", &oh, 1, 1) ||
      !gi_attr_i64(c, "output_width", &ow) || !gi_at_least(c, "output_width", &ow, 1, 1) ||
      !gi_attr_i64(c, "sampling_ratio", &ratio) ||
      !gi_at_least(c, "sampling_ratio", &ratio, 1, 0) || !gi_attr_f32(c, "spatial_scale", &scale))
    return false;
  MlirType ie = gi_elem_of(gi_operand_type(c, 2));
  char s[STR];
  if (!mlirTypeIsAInteger(ie) || mlirIntegerTypeGetWidth(ie) != 64)
    return gi_fail(c, "operand 'batch_indices' must be a tensor of i64, got %s",
                   gi_type_str(ie, s));
  if (!gi_dims_agree(r.dims[1], 4))
    return gi_fail(c, "operand 'rois' must hold 4 coordinates in its last dim, got %lld",
                   (long long)r.dims[1]);
  if (!gi_dims_agree(r.dims[0], bi.dims[0]))
    return gi_fail(c, "operand 'batch_indices' has %lld entries but 'rois' has %lld",
                   (long long)bi.dims[0], (long long)r.dims[0]);
  *out =
      (shape_t){.rank = 4, .dims = {r.dims[0] != DYN ? r.dims[0] : bi.dims[0], x.dims[1], oh, ow}};
  return true;
}

static const gi_rule_t rules[] = {
    {"matmul", infer_matmul},
    {"batch_matmul", infer_batch_matmul},
    {"dense", infer_dense},
    {"conv2d", infer_conv},
    {"conv3d", infer_conv},
    {"max_pool2d", infer_max_pool},
    {"max_pool3d", infer_max_pool},
    {"max_pool2d_indices", infer_max_pool_indices},
    {"avg_pool2d", infer_avg_pool},
    {"avg_pool3d", infer_avg_pool},
    {"global_avg_pool2d", infer_global_avg_pool2d},
    {"batch_norm", infer_batch_norm},
    {"softmax", infer_softmax},
    {"conv_transpose2d", infer_conv_transpose2d},
    {"conv_transpose3d", infer_conv_transpose2d},
    {"resize", infer_resize},
    {"grid_sample", infer_grid_sample},
    {"non_max_suppression", infer_non_max_suppression},
    {"roi_align", infer_roi_align},
};

const gi_rule_table_t gi_nn_rules = {rules, sizeof rules / sizeof rules[0]};
