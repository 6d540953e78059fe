/* convert-graph-to-te, up-sampling family: conv_transpose2d/3d (ONNX
 * ConvTranspose, NCHW / NCDHW input, IOHW / IODHW weight) and resize (ONNX
 * Resize, nearest, linear and cubic).
 *
 * conv_transpose2d is a gather over the input: output (n, o, oh, ow) sums,
 * over reduce axes (ic, kh, kw), x[n, g*Cg + ic, ih, iw] * w[g*Cg + ic,
 * o % Og, kh, kw] where oh + pt - kh*dh = ih*sh (and likewise for w): the
 * term counts only when that difference is >= 0, divisible by the stride
 * and ih < H (reads clamped to 0 otherwise, value replaced by 0); 3-D adds
 * the D axis the same way. Bias is a second compute "<op>_bias".
 *
 * resize maps each output coordinate of a resized dim (scale != 1 or a size
 * change) to an input coordinate in f64 (coordinate_transformation_mode),
 * then nearest: rounds it (nearest_mode) and clamps into [0, in); linear:
 * reads the 2^k corners floor / floor + 1 (clamped, i.e. edge padding) of
 * the k resized dims and blends them with weights 1 - r, r, in f64; cubic:
 * the 4^k taps floor-1 .. floor+2 (clamped) with the Keys weights of
 * cubic_coeff_a (default -0.75), zeroed outside the input and renormalized
 * when exclude_outside. antialias (linear and cubic, a dim downsampled by
 * scale s < 1): the filter stretched by 1/s, the taps floor + i for i in
 * [start, 1 - start) (start = floor(-1/s) + 1 linear, floor(-2/s) + 1
 * cubic), each weighted by the filter at s * (its distance), normalized to
 * sum 1. tf_crop_and_resize maps through the roi attribute and yields
 * extrapolation_value where a coordinate falls outside [0, in - 1];
 * half_pixel_symmetric shifts half_pixel by in/2 * (1 - out / (in * scale)),
 * centering the output when the size was rounded.
 *
 * grid_sample (ONNX GridSample, 1-D to 3-D) reads its grid's (x[, y[, z]]) in
 * the compute body and samples the input there like resize does at its
 * coordinates (x along the innermost spatial dim):
 * per axis the pixel position (align_corners), moved inside by border or
 * reflection padding, then nearest (rounded half to even), bilinear or
 * bicubic (Keys, a = -0.75) taps, each tap index clamped (border),
 * reflected (reflection) or masked to 0 outside the input (zeros). */
#include "lowering/graph_to_te.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "strata/diagnostics.h"

static const MlirAttribute no_attr = {NULL};

/* ---- conv_transpose2d ---------------------------------------------------- */

/* The input position along one spatial axis for output o and kernel tap k:
 * t = o + pad - k*dil, valid iff t >= 0, t % stride == 0, t / stride < size.
 * Sets *pos (clamped to 0 when invalid) and *valid (null: always valid). */
static void transposed_pos(strata_builder_t *b, MlirValue o, MlirValue k, int64_t pad,
                           int64_t dil, int64_t stride, int64_t size, MlirValue *pos,
                           MlirValue *valid) {
  MlirValue t = g2t_isub(b, g2t_iaddc(b, o, pad), g2t_imulc(b, k, dil));
  MlirValue zero = strata_build_index(b, 0);
  MlirValue ok = g2t_cmpi(b, G2T_CMPI_SGE, t, zero);
  MlirValue q = t;
  if (stride > 1) {
    MlirValue s = strata_build_index(b, stride);
    MlirValue rem = g2t_irem(b, t, s);
    ok = g2t_bin(b, "arith.andi", ok, g2t_cmpi(b, G2T_CMPI_EQ, rem, zero));
    q = g2t_idiv(b, t, s);
  }
  ok = g2t_bin(b, "arith.andi", ok, g2t_cmpi(b, G2T_CMPI_SLT, q, strata_build_index(b, size)));
  *pos = g2t_select(b, ok, q, zero);
  *valid = ok;
}

MlirLogicalResult g2t_lower_conv_transpose2d(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0), w = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType t = mlirShapedTypeGetElementType(rtype);
  strata_graph_shape_t xs = g2t_shape(x), ws = g2t_shape(w);
  int ns = (int)xs.rank - 2; /* 2 (conv_transpose2d) or 3 (conv_transpose3d) */
  for (int d = 1; d < xs.rank; ++d)
    if (xs.dims[d] == STRATA_GRAPH_DYN)
      return strata_emit_error(g->op, "dynamic dim %d of the input is not supported by "
                                      "convert-graph-to-te: only N may be dynamic", d);
  if (strata_graph_num_elements(&ws) == STRATA_GRAPH_DYN)
    return strata_emit_error(g->op, "a weight with dynamic dims is not supported by "
                                    "convert-graph-to-te");
  /* Only N comes from the input at run time (dims[0] below). */
  for (intptr_t d = 1; d < mlirShapedTypeGetRank(rtype); ++d)
    if (mlirShapedTypeIsDynamicDim(rtype, d))
      return strata_emit_error(g->op, "dynamic dim %d of the result is not supported by "
                                      "convert-graph-to-te: only N may be dynamic", (int)d);
  int64_t st[3], pad[6], dil[3];
  g2t_attr_i64s(g->op, "strides", st, ns);
  g2t_attr_i64s(g->op, "padding", pad, 2 * ns);
  g2t_attr_i64s(g->op, "dilation", dil, ns);
  int64_t groups = g2t_attr_int(g->op, "groups");
  int64_t C = xs.dims[1], Og = ws.dims[1], Cg = C / groups;
  bool f = mlirTypeIsAFloat(t);

  MlirValue dims[5] = {g2t_dim(g, x, 0), {NULL}, {NULL}, {NULL}, {NULL}};
  int64_t extents[4] = {Cg};
  for (int i = 0; i < ns; ++i)
    extents[1 + i] = ws.dims[2 + i];
  g2t_compute_t c = g2t_compute_begin(g, g->op_name, rtype, dims, 1 + ns, extents, NULL, "add",
                                      g2t_zero(t));
  strata_builder_t *b = &c.in;
  MlirValue n = c.idx[0], o = c.idx[1], ic = c.idx[c.rank];
  MlirValue xi[5], wi[5], valid = {NULL};
  for (int i = 0; i < ns; ++i) {
    MlirValue v;
    wi[2 + i] = c.idx[c.rank + 1 + i];
    transposed_pos(b, c.idx[2 + i], wi[2 + i], pad[i], dil[i], st[i], xs.dims[2 + i], &xi[2 + i],
                   &v);
    valid = i ? g2t_bin(b, "arith.andi", valid, v) : v;
  }
  MlirValue ch = ic, ol = o;
  if (groups > 1) { /* channel = (o / Og) * Cg + ic; weight column o % Og */
    MlirValue og = strata_build_index(b, Og);
    ch = g2t_iadd(b, g2t_imulc(b, g2t_idiv(b, o, og), Cg), ic);
    ol = g2t_irem(b, o, og);
  }
  xi[0] = n, xi[1] = ch, wi[0] = ch, wi[1] = ol;
  MlirValue xv = g2t_read(&c, x, xi), wv = g2t_read(&c, w, wi);
  xv = g2t_select(b, valid, xv, g2t_const_attr(b, g2t_zero(t)));
  MlirValue r = g2t_compute_end(&c, g2t_bin(b, f ? "arith.mulf" : "arith.muli", xv, wv));
  if (mlirOperationGetNumOperands(g->op) == 3) {
    char name[48];
    snprintf(name, sizeof name, "%s_bias", g->op_name);
    MlirValue bias = mlirOperationGetOperand(g->op, 2);
    g2t_compute_t d = g2t_compute_begin(g, name, rtype, dims, 0, NULL, NULL, NULL, no_attr);
    MlirValue bv = g2t_read(&d, bias, &d.idx[1]);
    MlirValue v = g2t_read(&d, r, d.idx);
    r = g2t_compute_end(&d, g2t_bin(&d.in, f ? "arith.addf" : "arith.addi", v, bv));
  }
  *out = r;
  return mlirLogicalResultSuccess();
}

/* ---- resize -------------------------------------------------------------- */

enum { RESIZE_MAX_READS = 64 }; /* corner reads (the product of the taps) at most */
enum { RESIZE_MAX_TAPS = 16 };  /* taps along one dim (antialias) at most */

static bool attr_is(MlirOperation op, const char *name, const char *value) {
  MlirStringRef s = mlirStringAttrGetValue(g2t_attr(op, name));
  return s.length == strlen(value) && !memcmp(s.data, value, s.length);
}

static MlirValue f64c(strata_builder_t *b, MlirType f64, double v) {
  return g2t_scalar(b, f64, v);
}

/* An optional float attribute (f64 or f32), else `def`. */
static double attr_f64(MlirOperation op, const char *name, double def) {
  MlirAttribute a = g2t_attr(op, name);
  if (mlirAttributeIsNull(a))
    return def;
  if (mlirAttributeIsAFloat(a))
    return mlirFloatAttrGetValueDouble(a);
  return (double)mlirIntegerAttrGetValueInt(a);
}

/* The input coordinate (f64) of output index `o` along dim `d` of input size
 * `in` resized with `scale` to `out`, per coordinate_transformation_mode. */
static MlirValue source_coord(g2t_t *g, strata_builder_t *b, MlirValue o, intptr_t d,
                              intptr_t rank, int64_t in, int64_t out, double scale) {
  MlirType f64 = mlirF64TypeGet(g->ctx);
  MlirValue x = g2t_index_to_elem(b, o, f64);
  double out_width = scale * (double)in;
  if (attr_is(g->op, "coordinate_transformation_mode", "tf_crop_and_resize")) {
    MlirAttribute roi = g2t_attr(g->op, "roi");
    double start = mlirDenseF64ArrayGetElement(roi, d);
    double end = mlirDenseF64ArrayGetElement(roi, d + rank);
    double base = start * (double)(in - 1);
    if (out_width == 1)
      return f64c(b, f64, (end - start) * (double)(in - 1) / 2 + base);
    /* x * (end - start) * (in - 1) / (out_width - 1) + start * (in - 1) */
    MlirValue v = g2t_bin(b, "arith.mulf", x, f64c(b, f64, end - start));
    v = g2t_bin(b, "arith.mulf", v, f64c(b, f64, (double)(in - 1)));
    v = g2t_bin(b, "arith.divf", v, f64c(b, f64, out_width - 1));
    return g2t_bin(b, "arith.addf", v, f64c(b, f64, base));
  }
  if (attr_is(g->op, "coordinate_transformation_mode", "asymmetric"))
    return g2t_bin(b, "arith.divf", x, f64c(b, f64, scale));
  if (attr_is(g->op, "coordinate_transformation_mode", "align_corners")) {
    if (out_width == 1)
      return f64c(b, f64, 0.0);
    return g2t_bin(b, "arith.mulf", x, f64c(b, f64, (double)(in - 1) / (out_width - 1)));
  }
  if (attr_is(g->op, "coordinate_transformation_mode", "pytorch_half_pixel") && out_width == 1)
    return f64c(b, f64, -0.5);
  /* half_pixel (and pytorch_half_pixel): (x + 0.5) / scale - 0.5;
   * half_pixel_symmetric adds in/2 * (1 - out / out_width) */
  MlirValue v = g2t_bin(b, "arith.addf", x, f64c(b, f64, 0.5));
  v = g2t_bin(b, "arith.divf", v, f64c(b, f64, scale));
  v = g2t_bin(b, "arith.subf", v, f64c(b, f64, 0.5));
  if (attr_is(g->op, "coordinate_transformation_mode", "half_pixel_symmetric")) {
    double offset = (double)in / 2 * (1 - (double)out / out_width);
    v = g2t_bin(b, "arith.addf", f64c(b, f64, offset), v);
  }
  return v;
}

/* An f64 holding an integral value -> index clamped into [0, in). */
static MlirValue clamp_index(g2t_t *g, strata_builder_t *b, MlirValue v, int64_t in) {
  MlirValue i = g2t_cast(b, "arith.fptosi", v, mlirIntegerTypeGet(g->ctx, 64));
  i = g2t_cast(b, "arith.index_cast", i, g->index);
  return g2t_imax(b, g2t_imin(b, i, strata_build_index(b, in - 1)), strata_build_index(b, 0));
}

/* The cubic convolution weight (Keys, coefficient a) at distance t in [0, 2]
 * as the ONNX reference writes it: t <= 1: ((a+2)t - (a+3))t^2 + 1;
 * 1 < t < 2: ((a t - 5a) t + 8a) t - 4a. `far` selects the second form. */
static MlirValue cubic_weight(strata_builder_t *b, MlirType f64, MlirValue t, double a,
                              bool far) {
  MlirValue v;
  if (!far) {
    v = g2t_bin(b, "arith.mulf", f64c(b, f64, a + 2), t);
    v = g2t_bin(b, "arith.subf", v, f64c(b, f64, a + 3));
    v = g2t_bin(b, "arith.mulf", g2t_bin(b, "arith.mulf", v, t), t);
    return g2t_bin(b, "arith.addf", v, f64c(b, f64, 1.0));
  }
  v = g2t_bin(b, "arith.mulf", f64c(b, f64, a), t);
  v = g2t_bin(b, "arith.subf", v, f64c(b, f64, 5 * a));
  v = g2t_bin(b, "arith.mulf", v, t);
  v = g2t_bin(b, "arith.addf", v, f64c(b, f64, 8 * a));
  v = g2t_bin(b, "arith.mulf", v, t);
  return g2t_bin(b, "arith.subf", v, f64c(b, f64, 4 * a));
}

/* Cubic taps floor-1 .. floor+2 of source coordinate s (fl its floor) in
 * a dim of size n, at distances 1+r, r, 1-r, 2-r, with their weights;
 * exclude_outside zeroes the weights of taps outside and renormalizes. */
static void cubic_taps(g2t_t *g, strata_builder_t *b, MlirValue s, MlirValue fl, int64_t n,
                       double coeff_a, bool exclude, MlirValue *tap, MlirValue *wt) {
  MlirType f64 = mlirF64TypeGet(g->ctx);
  MlirValue r = g2t_bin(b, "arith.subf", s, fl);
  MlirValue one = f64c(b, f64, 1.0);
  MlirValue one_r = g2t_bin(b, "arith.subf", one, r);
  MlirValue dist[4] = {g2t_bin(b, "arith.addf", r, one), r, one_r,
                       g2t_bin(b, "arith.addf", one_r, one)};
  MlirValue sum = {NULL};
  for (int j = 0; j < 4; ++j) {
    MlirValue pos = g2t_bin(b, "arith.addf", fl, f64c(b, f64, (double)(j - 1)));
    tap[j] = clamp_index(g, b, pos, n);
    wt[j] = cubic_weight(b, f64, dist[j], coeff_a, j == 0 || j == 3);
    if (exclude) {
      MlirValue in = g2t_bin(b, "arith.andi", g2t_cmpf(b, 3 /* oge */, pos, f64c(b, f64, 0.0)),
                             g2t_cmpf(b, G2T_CMPF_OLT, pos, f64c(b, f64, (double)n)));
      wt[j] = g2t_select(b, in, wt[j], f64c(b, f64, 0.0));
      sum = mlirValueIsNull(sum) ? wt[j] : g2t_bin(b, "arith.addf", sum, wt[j]);
    }
  }
  if (exclude)
    for (int j = 0; j < 4; ++j)
      wt[j] = g2t_bin(b, "arith.divf", wt[j], sum);
}

/* The number of antialiased taps of a dim downsampled by `scale` (< 1) and
 * the first one's offset from the floor: the filter (support 1 linear, 2
 * cubic) stretched by 1 / scale, as the ONNX reference counts it. */
static int antialias_count(double scale, bool cubic, int64_t *start) {
  double first = floor(-(cubic ? 2.0 : 1.0) / scale) + 1;
  *start = first < -1e6 ? -1000000 : (int64_t)first;
  int64_t n = 2 - 2 * *start;
  return n > RESIZE_MAX_TAPS ? RESIZE_MAX_TAPS + 1 : (int)n;
}

/* The filter at |x| (f64): linear max(0, 1 - |x|); cubic the Keys weight of
 * coefficient a, 0 from 2 on. */
static MlirValue filter_weight(strata_builder_t *b, MlirType f64, MlirValue x, bool cubic,
                               double a) {
  MlirValue zero = f64c(b, f64, 0.0);
  if (!cubic)
    return g2t_bin(b, "arith.maximumf", g2t_bin(b, "arith.subf", f64c(b, f64, 1.0), x), zero);
  enum { CMPF_OLE = 5 };
  MlirValue w = g2t_select(b, g2t_cmpf(b, G2T_CMPF_OLT, x, f64c(b, f64, 2.0)),
                           cubic_weight(b, f64, x, a, true), zero);
  return g2t_select(b, g2t_cmpf(b, CMPF_OLE, x, f64c(b, f64, 1.0)),
                    cubic_weight(b, f64, x, a, false), w);
}

/* Antialiased taps of source coordinate s (fl its floor) in a dim of size
 * n downsampled by `scale`: `count` taps fl + start + j at distances
 * start + j - (s - fl), weighted by the filter at scale * |distance| and
 * normalized; exclude_outside zeroes the taps outside first. */
static void antialias_taps(g2t_t *g, strata_builder_t *b, MlirValue s, MlirValue fl, int64_t n,
                           double scale, int64_t start, int count, bool cubic, double coeff_a,
                           bool exclude, MlirValue *tap, MlirValue *wt) {
  MlirType f64 = mlirF64TypeGet(g->ctx);
  MlirValue r = g2t_bin(b, "arith.subf", s, fl), sum = {NULL};
  for (int j = 0; j < count; ++j) {
    double i = (double)(start + j);
    MlirValue pos = g2t_bin(b, "arith.addf", fl, f64c(b, f64, i));
    tap[j] = clamp_index(g, b, pos, n);
    MlirValue x = g2t_bin(b, "arith.subf", f64c(b, f64, i), r);
    x = g2t_un(b, "math.absf", g2t_bin(b, "arith.mulf", x, f64c(b, f64, scale)));
    wt[j] = filter_weight(b, f64, x, cubic, coeff_a);
    if (exclude) {
      enum { CMPF_OGE = 3 };
      MlirValue in = g2t_bin(b, "arith.andi", g2t_cmpf(b, CMPF_OGE, pos, f64c(b, f64, 0.0)),
                             g2t_cmpf(b, G2T_CMPF_OLT, pos, f64c(b, f64, (double)n)));
      wt[j] = g2t_select(b, in, wt[j], f64c(b, f64, 0.0));
    }
    sum = j ? g2t_bin(b, "arith.addf", sum, wt[j]) : wt[j];
  }
  for (int j = 0; j < count; ++j)
    wt[j] = g2t_bin(b, "arith.divf", wt[j], sum);
}

/* The nearest source index of coordinate s (fl its floor) in a dim of size
 * n, rounded as nearest_mode says. */
static MlirValue nearest_index(g2t_t *g, strata_builder_t *b, MlirValue s, MlirValue fl,
                               int64_t n) {
  MlirType f64 = mlirF64TypeGet(g->ctx);
  MlirValue r;
  if (attr_is(g->op, "nearest_mode", "floor")) {
    r = fl;
  } else if (attr_is(g->op, "nearest_mode", "ceil")) {
    r = g2t_un(b, "math.ceil", s);
  } else {
    /* round_prefer_floor: frac <= 0.5 -> floor; round_prefer_ceil: frac < 0.5 */
    MlirValue frac = g2t_bin(b, "arith.subf", s, fl);
    bool prefer_floor = attr_is(g->op, "nearest_mode", "round_prefer_floor");
    enum { CMPF_OLE = 5 };
    MlirValue down = g2t_cmpf(b, prefer_floor ? CMPF_OLE : G2T_CMPF_OLT, frac,
                              f64c(b, f64, 0.5));
    r = g2t_select(b, down, fl, g2t_bin(b, "arith.addf", fl, f64c(b, f64, 1.0)));
  }
  return clamp_index(g, b, r, n);
}

/* Linear/cubic: the sum over the corners (`reads` of them: the product of
 * the dims' taps) of prod(weights) * value, in f64, back in element type t.
 * which[0..k): the resized dims, whose idx entries are overwritten by their
 * taps; taps[d]: how many dim d has. */
static MlirValue interpolate(g2t_compute_t *c, MlirValue x, MlirValue *idx, const int *which,
                             int k, const int *taps, int64_t reads,
                             MlirValue (*tap)[RESIZE_MAX_TAPS],
                             MlirValue (*wt)[RESIZE_MAX_TAPS], MlirType t) {
  strata_builder_t *b = &c->in;
  MlirType f64 = mlirF64TypeGet(mlirTypeGetContext(t));
  bool is64 = mlirTypeIsAF64(t);
  MlirValue acc = f64c(b, f64, 0.0);
  for (int64_t corner = 0; corner < reads; ++corner) {
    MlirValue weight = {NULL};
    int64_t rest = corner;
    for (int j = 0; j < k; ++j) {
      int d = which[j];
      int tj = (int)(rest % taps[d]);
      rest /= taps[d];
      idx[d] = tap[d][tj];
      weight = mlirValueIsNull(weight) ? wt[d][tj] : g2t_bin(b, "arith.mulf", weight, wt[d][tj]);
    }
    MlirValue v = g2t_read(c, x, idx);
    if (!is64)
      v = g2t_cast(b, "arith.extf", v, f64);
    acc = g2t_bin(b, "arith.addf", acc,
                  mlirValueIsNull(weight) ? v : g2t_bin(b, "arith.mulf", weight, v));
  }
  return is64 ? acc : g2t_cast(b, "arith.truncf", acc, t);
}

/* What a resize does per dim, decided before the compute is built. */
typedef struct {
  bool linear, cubic, crop, exclude;
  double coeff_a;
  double scales[STRATA_GRAPH_MAX_RANK];
  bool resized[STRATA_GRAPH_MAX_RANK];
  int taps[STRATA_GRAPH_MAX_RANK];         /* linear/cubic taps of a resized dim */
  int64_t aa_start[STRATA_GRAPH_MAX_RANK]; /* antialiased dim: first tap offset */
  bool aa[STRATA_GRAPH_MAX_RANK];          /* antialiased (downsampled) dim */
  int64_t reads;                           /* corner reads per element */
} resize_plan_t;

/* Fills plan p for the op (input shape xs, result shape rs) and checks what
 * the lowering supports; *dims gets the run-time dims of unresized dims. */
static MlirLogicalResult resize_plan(g2t_t *g, MlirValue x, const strata_graph_shape_t *xs,
                                     const strata_graph_shape_t *rs, MlirValue *dims,
                                     resize_plan_t *p) {
  MlirAttribute scales_attr = g2t_attr(g->op, "scales"), roi = g2t_attr(g->op, "roi");
  p->linear = attr_is(g->op, "mode", "linear");
  p->cubic = attr_is(g->op, "mode", "cubic");
  p->crop = attr_is(g->op, "coordinate_transformation_mode", "tf_crop_and_resize");
  p->coeff_a = attr_f64(g->op, "cubic_coeff_a", -0.75);
  MlirAttribute excl = g2t_attr(g->op, "exclude_outside");
  p->exclude = !mlirAttributeIsNull(excl) && g2t_attr_bool(g->op, "exclude_outside");
  bool antialias = !mlirAttributeIsNull(g2t_attr(g->op, "antialias")) &&
                   g2t_attr_bool(g->op, "antialias");
  p->reads = 1;
  for (intptr_t d = 0; d < xs->rank; ++d) {
    double sc = p->scales[d] = mlirDenseF64ArrayGetElement(scales_attr, d);
    p->resized[d] = sc != 1.0 || xs->dims[d] != rs->dims[d];
    if (p->crop && (mlirDenseF64ArrayGetElement(roi, d) != 0.0 ||
                    mlirDenseF64ArrayGetElement(roi, d + xs->rank) != 1.0))
      p->resized[d] = true;
    dims[d] = (MlirValue){NULL};
    if (p->resized[d] && (xs->dims[d] == STRATA_GRAPH_DYN || rs->dims[d] == STRATA_GRAPH_DYN))
      return strata_emit_error(g->op, "dynamic resized dim %lld is not supported by "
                                      "convert-graph-to-te", (long long)d);
    if (!p->resized[d] && rs->dims[d] == STRATA_GRAPH_DYN)
      dims[d] = g2t_dim(g, x, d);
    p->aa[d] = antialias && p->resized[d] && sc < 1.0 && (p->linear || p->cubic);
    p->taps[d] = p->cubic ? 4 : 2;
    if (p->aa[d])
      p->taps[d] = antialias_count(sc, p->cubic, &p->aa_start[d]);
    if (p->aa[d] && p->taps[d] > RESIZE_MAX_TAPS)
      return strata_emit_error(g->op, "antialiased resize of dim %lld by scale %g is not "
                                      "supported by convert-graph-to-te (more than %d taps)",
                               (long long)d, sc, RESIZE_MAX_TAPS);
    if (p->resized[d] && (p->linear || p->cubic) && p->reads <= RESIZE_MAX_READS)
      p->reads *= p->taps[d];
  }
  if (p->reads > RESIZE_MAX_READS)
    return strata_emit_error(g->op, "%s resize is not supported by convert-graph-to-te "
                                    "(more than %d reads per element)",
                             p->cubic ? "cubic" : "linear", RESIZE_MAX_READS);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_resize(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType t = mlirShapedTypeGetElementType(rtype);
  MlirType f64 = mlirF64TypeGet(g->ctx);
  strata_graph_shape_t xs = g2t_shape(x), rs;
  strata_graph_shape_from_type(rtype, &rs);
  resize_plan_t p;
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  if (mlirLogicalResultIsFailure(resize_plan(g, x, &xs, &rs, dims, &p)))
    return mlirLogicalResultFailure();
  if ((p.linear || p.cubic) && !mlirTypeIsAFloat(t))
    return g2t_not_float(g, t);
  g2t_compute_t c = g2t_compute_begin(g, "resize", rtype, dims, 0, NULL, NULL, NULL, no_attr);
  strata_builder_t *b = &c.in;
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  /* linear/cubic: per resized dim, the tap indices and weights */
  MlirValue tap[STRATA_GRAPH_MAX_RANK][RESIZE_MAX_TAPS], wt[STRATA_GRAPH_MAX_RANK][RESIZE_MAX_TAPS];
  int which[STRATA_GRAPH_MAX_RANK];
  int k = 0;
  MlirValue outside = {NULL}; /* tf_crop_and_resize: some coordinate outside [0, in-1] */
  for (intptr_t d = 0; d < xs.rank; ++d) {
    idx[d] = c.idx[d];
    if (!p.resized[d])
      continue;
    int64_t in = xs.dims[d];
    MlirValue s = source_coord(g, b, c.idx[d], d, xs.rank, in, rs.dims[d], p.scales[d]);
    if (p.crop) {
      enum { CMPF_OGT = 2 };
      MlirValue o = g2t_bin(b, "arith.ori", g2t_cmpf(b, G2T_CMPF_OLT, s, f64c(b, f64, 0.0)),
                            g2t_cmpf(b, CMPF_OGT, s, f64c(b, f64, (double)(in - 1))));
      outside = mlirValueIsNull(outside) ? o : g2t_bin(b, "arith.ori", outside, o);
    }
    MlirValue fl = g2t_un(b, "math.floor", s);
    if (!p.linear && !p.cubic) {
      idx[d] = nearest_index(g, b, s, fl, in);
      continue;
    }
    which[k++] = (int)d;
    if (p.aa[d]) {
      antialias_taps(g, b, s, fl, in, p.scales[d], p.aa_start[d], p.taps[d], p.cubic,
                     p.coeff_a, p.exclude, tap[d], wt[d]);
    } else if (p.cubic) {
      cubic_taps(g, b, s, fl, in, p.coeff_a, p.exclude, tap[d], wt[d]);
    } else {
      tap[d][0] = clamp_index(g, b, fl, in);
      tap[d][1] = clamp_index(g, b, g2t_bin(b, "arith.addf", fl, f64c(b, f64, 1.0)), in);
      wt[d][1] = g2t_bin(b, "arith.subf", s, fl);
      wt[d][0] = g2t_bin(b, "arith.subf", f64c(b, f64, 1.0), wt[d][1]);
    }
  }
  MlirValue result = !p.linear && !p.cubic
                         ? g2t_read(&c, x, idx)
                         : interpolate(&c, x, idx, which, k, p.taps, p.reads, tap, wt, t);
  if (!mlirValueIsNull(outside)) {
    double e = attr_f64(g->op, "extrapolation_value", 0.0);
    MlirValue ev = mlirTypeIsAFloat(t) ? g2t_scalar(b, t, e)
                                       : g2t_const_attr(b, mlirIntegerAttrGet(t, (int64_t)e));
    result = g2t_select(b, outside, ev, result);
  }
  *out = g2t_compute_end(&c, result);
  return mlirLogicalResultSuccess();
}

/* ---- grid_sample ------------------------------------------------------------ */

enum { CMPF_OGT = 2, CMPF_OGE = 3 };

/* One axis of a grid sample: the input positions it reads (clamped into
 * the input), their weights (f64) and, for zeros padding, whether each
 * position lies inside the input (else null). */
typedef struct {
  int taps;
  MlirValue index[4], weight[4], inside[4];
} sample_axis_t;

/* x reflected about the borders lo and hi until it lies in [lo, hi]: a
 * value past a border by d lands at r = d mod (hi - lo) from that border
 * after an even number of flips, from the other border after an odd one. */
static MlirValue reflect_coord(strata_builder_t *b, MlirType f64, MlirValue x, double lo,
                               double hi) {
  double range = hi - lo;
  if (range <= 0)
    return f64c(b, f64, lo);
  MlirValue below = g2t_cmpf(b, G2T_CMPF_OLT, x, f64c(b, f64, lo));
  MlirValue above = g2t_cmpf(b, CMPF_OGT, x, f64c(b, f64, hi));
  MlirValue past = g2t_select(b, below, g2t_bin(b, "arith.subf", f64c(b, f64, lo), x),
                              g2t_bin(b, "arith.subf", x, f64c(b, f64, hi)));
  MlirValue flips = g2t_un(b, "math.floor", g2t_bin(b, "arith.divf", past, f64c(b, f64, range)));
  MlirValue r = g2t_bin(b, "arith.subf", past,
                        g2t_bin(b, "arith.mulf", flips, f64c(b, f64, range)));
  MlirValue half = g2t_un(b, "math.floor", g2t_bin(b, "arith.mulf", flips, f64c(b, f64, 0.5)));
  MlirValue parity = g2t_bin(b, "arith.subf", flips,
                             g2t_bin(b, "arith.mulf", half, f64c(b, f64, 2.0)));
  MlirValue odd = g2t_cmpf(b, CMPF_OGT, parity, f64c(b, f64, 0.5));
  MlirValue from_lo = g2t_bin(b, "arith.xori", below, odd);
  MlirValue reflected = g2t_select(b, from_lo, g2t_bin(b, "arith.addf", f64c(b, f64, lo), r),
                                   g2t_bin(b, "arith.subf", f64c(b, f64, hi), r));
  return g2t_select(b, g2t_bin(b, "arith.ori", below, above), reflected, x);
}

/* The input index read for the integral position p (f64) along an axis of
 * `size`, per padding mode; *inside (zeros only) tells whether p is in. */
static MlirValue padded_index(g2t_t *g, strata_builder_t *b, MlirValue p, int64_t size,
                              int padding, double lo, double hi, MlirValue *inside) {
  MlirType f64 = mlirF64TypeGet(g->ctx);
  *inside = (MlirValue){NULL};
  if (padding == 0) /* zeros */
    *inside = g2t_bin(b, "arith.andi", g2t_cmpf(b, CMPF_OGE, p, f64c(b, f64, 0.0)),
                      g2t_cmpf(b, G2T_CMPF_OLT, p, f64c(b, f64, (double)size)));
  else if (padding == 2) /* reflection */
    p = reflect_coord(b, f64, p, lo, hi);
  return clamp_index(g, b, p, size); /* border: the clamp itself */
}

/* The taps along one axis for the normalized grid coordinate v (f64). */
static void sample_axis(g2t_t *g, strata_builder_t *b, MlirValue v, int64_t size, int mode,
                        int padding, bool align, sample_axis_t *s) {
  MlirType f64 = mlirF64TypeGet(g->ctx);
  double n = (double)size;
  /* [-1, 1] -> pixels: align_corners maps -1 and 1 to the corner pixels'
   * centres 0 and n - 1, otherwise to their outer edges -0.5 and n - 0.5,
   * which are also the borders reflection reflects about. */
  double lo = align ? 0.0 : -0.5, hi = align ? n - 1 : n - 0.5;
  MlirValue x = g2t_bin(b, "arith.addf", v, f64c(b, f64, 1.0));
  x = align ? g2t_bin(b, "arith.mulf", x, f64c(b, f64, (n - 1) / 2))
            : g2t_bin(b, "arith.mulf",
                      g2t_bin(b, "arith.subf", g2t_bin(b, "arith.mulf", x, f64c(b, f64, n)),
                              f64c(b, f64, 1.0)),
                      f64c(b, f64, 0.5));
  if (mode == 1) /* nearest: round half to even, as PyTorch's nearbyint */
    x = g2t_un(b, "math.roundeven", x);
  /* a coordinate outside [lo, hi] moves inside first (border, reflection) */
  if (padding == 1) {
    MlirValue out = g2t_bin(b, "arith.ori", g2t_cmpf(b, G2T_CMPF_OLT, x, f64c(b, f64, lo)),
                            g2t_cmpf(b, CMPF_OGT, x, f64c(b, f64, hi)));
    MlirValue clamped = g2t_bin(b, "arith.maximumf",
                                g2t_bin(b, "arith.minimumf", x, f64c(b, f64, n - 1)),
                                f64c(b, f64, 0.0));
    x = g2t_select(b, out, clamped, x);
  } else if (padding == 2) {
    x = reflect_coord(b, f64, x, lo, hi);
  }
  if (mode == 1) {
    s->taps = 1;
    s->weight[0] = f64c(b, f64, 1.0);
    s->index[0] = padded_index(g, b, x, size, padding, lo, hi, &s->inside[0]);
    return;
  }
  /* bilinear: floor, floor + 1 with 1 - t, t; bicubic: floor - 1 .. floor + 2
   * with the Keys weights (a = -0.75) at distances 1 + t, t, 1 - t, 2 - t */
  bool cubic = mode == 2;
  MlirValue fl = g2t_un(b, "math.floor", x);
  MlirValue t = g2t_bin(b, "arith.subf", x, fl);
  MlirValue one = f64c(b, f64, 1.0);
  MlirValue one_t = g2t_bin(b, "arith.subf", one, t);
  s->taps = cubic ? 4 : 2;
  int first = cubic ? -1 : 0;
  if (cubic) {
    MlirValue dist[4] = {g2t_bin(b, "arith.addf", one, t), t, one_t,
                         g2t_bin(b, "arith.addf", one, one_t)};
    for (int j = 0; j < 4; ++j)
      s->weight[j] = cubic_weight(b, f64, dist[j], -0.75, j == 0 || j == 3);
  } else {
    s->weight[0] = one_t;
    s->weight[1] = t;
  }
  for (int j = 0; j < s->taps; ++j) {
    MlirValue p = first + j ? g2t_bin(b, "arith.addf", fl, f64c(b, f64, (double)(first + j))) : fl;
    s->index[j] = padded_index(g, b, p, size, padding, lo, hi, &s->inside[j]);
  }
}

MlirLogicalResult g2t_lower_grid_sample(g2t_t *g, MlirValue *out) {
  static const char *const modes[] = {"bilinear", "nearest", "bicubic"};
  static const char *const paddings[] = {"zeros", "border", "reflection"};
  MlirValue x = mlirOperationGetOperand(g->op, 0), grid = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType t = mlirShapedTypeGetElementType(rtype), f64 = mlirF64TypeGet(g->ctx);
  strata_graph_shape_t xs = g2t_shape(x);
  int rank = (int)xs.rank, ns = rank - 2; /* spatial dims: 1, 2 or 3 */
  for (int d = 2; d < rank; ++d)
    if (xs.dims[d] == STRATA_GRAPH_DYN)
      return strata_emit_error(g->op, "dynamic spatial dims of the input are not supported by "
                                      "convert-graph-to-te");
  int mode = 0, padding = 0;
  for (int i = 0; i < 3; ++i) {
    if (attr_is(g->op, "mode", modes[i]))
      mode = i;
    if (attr_is(g->op, "padding_mode", paddings[i]))
      padding = i;
  }
  bool align = g2t_attr_bool(g->op, "align_corners");
  MlirValue dims[5] = {g2t_dim(g, x, 0), g2t_dim(g, x, 1)};
  for (int d = 2; d < rank; ++d)
    dims[d] = g2t_dim(g, grid, d - 1);
  g2t_compute_t c = g2t_compute_begin(g, "grid_sample", rtype, dims, 0, NULL, NULL, NULL,
                                      no_attr);
  strata_builder_t *b = &c.in;
  bool is64 = mlirTypeIsAF64(t);
  /* grid coordinate a (x, y, z: the last dim's order) samples spatial dim
   * rank - 1 - a: x along the innermost */
  sample_axis_t axis[3];
  int64_t reads = 1;
  for (int a = 0; a < ns; ++a) {
    MlirValue gi[5] = {c.idx[0]};
    for (int d = 2; d < rank; ++d)
      gi[d - 1] = c.idx[d];
    gi[rank - 1] = strata_build_index(b, a);
    MlirValue v = g2t_read(&c, grid, gi);
    if (!is64)
      v = g2t_cast(b, "arith.extf", v, f64);
    sample_axis(g, b, v, xs.dims[rank - 1 - a], mode, padding, align, &axis[a]);
    reads *= axis[a].taps;
  }
  /* sum over the taps of prod(weights) * value (0 outside for zeros) */
  MlirValue acc = f64c(b, f64, 0.0), zero = f64c(b, f64, 0.0);
  for (int64_t corner = 0; corner < reads; ++corner) {
    MlirValue xi[5] = {c.idx[0], c.idx[1]}, w = {NULL}, inside = {NULL};
    int64_t rest = corner;
    for (int a = 0; a < ns; ++a) {
      const sample_axis_t *s = &axis[a];
      int j = (int)(rest % s->taps);
      rest /= s->taps;
      xi[rank - 1 - a] = s->index[j];
      w = a ? g2t_bin(b, "arith.mulf", w, s->weight[j]) : s->weight[j];
      if (!mlirValueIsNull(s->inside[j]))
        inside = mlirValueIsNull(inside) ? s->inside[j]
                                         : g2t_bin(b, "arith.andi", inside, s->inside[j]);
    }
    MlirValue v = g2t_read(&c, x, xi);
    if (!is64)
      v = g2t_cast(b, "arith.extf", v, f64);
    if (!mlirValueIsNull(inside))
      v = g2t_select(b, inside, v, zero);
    acc = g2t_bin(b, "arith.addf", acc, g2t_bin(b, "arith.mulf", w, v));
  }
  *out = g2t_compute_end(&c, is64 ? acc : g2t_cast(b, "arith.truncf", acc, t));
  return mlirLogicalResultSuccess();
}
