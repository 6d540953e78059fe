/* convert-graph-to-te, up-sampling family: conv_transpose2d (ONNX
 * ConvTranspose, NCHW input, IOHW weight) and resize (ONNX Resize, nearest
 * and linear).
 *
 * conv_transpose2d is a gather over the input: output (n, o, oh, ow) sums,
 * over reduce axes (ic, kh, kw), x[n, g*Cg + ic, ih, iw] * w[g*Cg + ic,
 * o % Og, kh, kw] where oh + pt - kh*dh = ih*sh (and likewise for w): the
 * term counts only when that difference is >= 0, divisible by the stride
 * and ih < H (reads clamped to 0 otherwise, value replaced by 0). Bias is a
 * second compute "conv_transpose2d_bias".
 *
 * resize maps each output coordinate of a resized dim (scale != 1 or a size
 * change) to an input coordinate in f64 (coordinate_transformation_mode),
 * then nearest: rounds it (nearest_mode) and clamps into [0, in); linear:
 * reads the 2^k corners floor / floor + 1 (clamped, i.e. edge padding) of
 * the k resized dims and blends them with weights 1 - r, r, in f64. */
#include "lowering/graph_to_te.h"

#include <math.h>
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
  for (int d = 1; d < 4; ++d)
    if (xs.dims[d] == STRATA_GRAPH_DYN)
      return strata_emit_error(g->op, "dynamic dim %d of the input is not supported by "
                                      "convert-graph-to-te: only N may be dynamic", d);
  if (strata_graph_num_elements(&ws) == STRATA_GRAPH_DYN)
    return strata_emit_error(g->op, "a weight with dynamic dims is not supported by "
                                    "convert-graph-to-te");
  int64_t st[2], pad[4], dil[2];
  g2t_attr_i64s(g->op, "strides", st, 2);
  g2t_attr_i64s(g->op, "padding", pad, 4);
  g2t_attr_i64s(g->op, "dilation", dil, 2);
  int64_t groups = g2t_attr_int(g->op, "groups");
  int64_t C = xs.dims[1], H = xs.dims[2], W = xs.dims[3];
  int64_t Og = ws.dims[1], KH = ws.dims[2], KW = ws.dims[3], Cg = C / groups;
  bool f = mlirTypeIsAFloat(t);

  MlirValue dims[4] = {g2t_dim(g, x, 0), {NULL}, {NULL}, {NULL}};
  int64_t extents[3] = {Cg, KH, KW};
  g2t_compute_t c = g2t_compute_begin(g, "conv_transpose2d", rtype, dims, 3, extents, NULL, "add",
                                      g2t_zero(t));
  strata_builder_t *b = &c.in;
  MlirValue n = c.idx[0], o = c.idx[1], oh = c.idx[2], ow = c.idx[3];
  MlirValue ic = c.idx[4], kh = c.idx[5], kw = c.idx[6];
  MlirValue ih, iw, vh, vw;
  transposed_pos(b, oh, kh, pad[0], dil[0], st[0], H, &ih, &vh);
  transposed_pos(b, ow, kw, pad[1], dil[1], st[1], W, &iw, &vw);
  MlirValue valid = g2t_bin(b, "arith.andi", vh, vw);
  MlirValue ch = ic, ol = o;
  if (groups > 1) { /* channel = (o / Og) * Cg + ic; weight column o % Og */
    MlirValue og = strata_build_index(b, Og);
    ch = g2t_iadd(b, g2t_imulc(b, g2t_idiv(b, o, og), Cg), ic);
    ol = g2t_irem(b, o, og);
  }
  MlirValue xi[4] = {n, ch, ih, iw}, wi[4] = {ch, ol, kh, kw};
  MlirValue xv = g2t_read(&c, x, xi), wv = g2t_read(&c, w, wi);
  xv = g2t_select(b, valid, xv, g2t_const_attr(b, g2t_zero(t)));
  MlirValue r = g2t_compute_end(&c, g2t_bin(b, f ? "arith.mulf" : "arith.muli", xv, wv));
  if (mlirOperationGetNumOperands(g->op) == 3) {
    MlirValue bias = mlirOperationGetOperand(g->op, 2);
    g2t_compute_t d = g2t_compute_begin(g, "conv_transpose2d_bias", rtype, dims, 0, NULL, NULL,
                                        NULL, no_attr);
    MlirValue bv = g2t_read(&d, bias, &d.idx[1]);
    MlirValue v = g2t_read(&d, r, d.idx);
    r = g2t_compute_end(&d, g2t_bin(&d.in, f ? "arith.addf" : "arith.addi", v, bv));
  }
  *out = r;
  return mlirLogicalResultSuccess();
}

/* ---- resize -------------------------------------------------------------- */

enum { RESIZE_MAX_LINEAR = 4 }; /* at most 16 corner reads */

static bool attr_is(MlirOperation op, const char *name, const char *value) {
  MlirStringRef s = mlirStringAttrGetValue(g2t_attr(op, name));
  return s.length == strlen(value) && !memcmp(s.data, value, s.length);
}

static MlirValue f64c(strata_builder_t *b, MlirType f64, double v) {
  return g2t_scalar(b, f64, v);
}

/* The input coordinate (f64) of output index `o` along a dim of input size
 * `in` resized with `scale`, per coordinate_transformation_mode. */
static MlirValue source_coord(g2t_t *g, strata_builder_t *b, MlirValue o, int64_t in,
                              double scale) {
  MlirType f64 = mlirF64TypeGet(g->ctx);
  MlirValue x = g2t_index_to_elem(b, o, f64);
  double out_width = scale * (double)in;
  if (attr_is(g->op, "coordinate_transformation_mode", "asymmetric"))
    return g2t_bin(b, "arith.divf", x, f64c(b, f64, scale));
  if (attr_is(g->op, "coordinate_transformation_mode", "align_corners")) {
    if (out_width == 1)
      return f64c(b, f64, 0.0);
    return g2t_bin(b, "arith.mulf", x, f64c(b, f64, (double)(in - 1) / (out_width - 1)));
  }
  if (attr_is(g->op, "coordinate_transformation_mode", "pytorch_half_pixel") && out_width == 1)
    return f64c(b, f64, -0.5);
  /* half_pixel (and pytorch_half_pixel): (x + 0.5) / scale - 0.5 */
  MlirValue v = g2t_bin(b, "arith.addf", x, f64c(b, f64, 0.5));
  v = g2t_bin(b, "arith.divf", v, f64c(b, f64, scale));
  return g2t_bin(b, "arith.subf", v, f64c(b, f64, 0.5));
}

/* An f64 holding an integral value -> index clamped into [0, in). */
static MlirValue clamp_index(g2t_t *g, strata_builder_t *b, MlirValue v, int64_t in) {
  MlirValue i = g2t_cast(b, "arith.fptosi", v, mlirIntegerTypeGet(g->ctx, 64));
  i = g2t_cast(b, "arith.index_cast", i, g->index);
  return g2t_imax(b, g2t_imin(b, i, strata_build_index(b, in - 1)), strata_build_index(b, 0));
}

MlirLogicalResult g2t_lower_resize(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType t = mlirShapedTypeGetElementType(rtype);
  MlirType f64 = mlirF64TypeGet(g->ctx);
  strata_graph_shape_t xs = g2t_shape(x), rs;
  strata_graph_shape_from_type(rtype, &rs);
  MlirAttribute scales_attr = g2t_attr(g->op, "scales");
  bool linear = attr_is(g->op, "mode", "linear");
  double scales[STRATA_GRAPH_MAX_RANK];
  bool resized[STRATA_GRAPH_MAX_RANK];
  int nres = 0;
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t d = 0; d < xs.rank; ++d) {
    scales[d] = mlirDenseF64ArrayGetElement(scales_attr, d);
    resized[d] = scales[d] != 1.0 || xs.dims[d] != rs.dims[d];
    dims[d] = (MlirValue){NULL};
    if (resized[d] && (xs.dims[d] == STRATA_GRAPH_DYN || rs.dims[d] == STRATA_GRAPH_DYN))
      return strata_emit_error(g->op, "dynamic resized dim %lld is not supported by "
                                      "convert-graph-to-te", (long long)d);
    if (!resized[d] && rs.dims[d] == STRATA_GRAPH_DYN)
      dims[d] = g2t_dim(g, x, d);
    nres += resized[d];
  }
  if (linear && nres > RESIZE_MAX_LINEAR)
    return strata_emit_error(g->op, "linear resize of %d dims is not supported by "
                                    "convert-graph-to-te (at most %d)", nres, RESIZE_MAX_LINEAR);
  if (linear && !mlirTypeIsAFloat(t)) {
    char buf[32];
    return strata_emit_error(g->op, "needs a float element type, got %s",
                             strata_type_str(t, buf, sizeof buf));
  }
  g2t_compute_t c = g2t_compute_begin(g, "resize", rtype, dims, 0, NULL, NULL, NULL, no_attr);
  strata_builder_t *b = &c.in;
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  /* linear: per resized dim, the two corner indices and the weight r */
  MlirValue lo[STRATA_GRAPH_MAX_RANK], hi[STRATA_GRAPH_MAX_RANK], wr[STRATA_GRAPH_MAX_RANK];
  int which[RESIZE_MAX_LINEAR];
  int k = 0;
  for (intptr_t d = 0; d < xs.rank; ++d) {
    idx[d] = c.idx[d];
    if (!resized[d])
      continue;
    MlirValue s = source_coord(g, b, c.idx[d], xs.dims[d], scales[d]);
    MlirValue fl = g2t_un(b, "math.floor", s);
    if (linear) {
      lo[d] = clamp_index(g, b, fl, xs.dims[d]);
      hi[d] = clamp_index(g, b, g2t_bin(b, "arith.addf", fl, f64c(b, f64, 1.0)), xs.dims[d]);
      wr[d] = g2t_bin(b, "arith.subf", s, fl);
      which[k++] = (int)d;
      continue;
    }
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
    idx[d] = clamp_index(g, b, r, xs.dims[d]);
  }
  if (!linear) {
    *out = g2t_compute_end(&c, g2t_read(&c, x, idx));
    return mlirLogicalResultSuccess();
  }
  /* sum over the 2^k corners of prod(weights) * value, in f64 */
  bool is64 = mlirTypeIsAF64(t);
  MlirValue acc = f64c(b, f64, 0.0);
  MlirValue one = f64c(b, f64, 1.0);
  for (int corner = 0; corner < (1 << k); ++corner) {
    MlirValue weight = {NULL};
    for (int j = 0; j < k; ++j) {
      int d = which[j];
      bool up = (corner >> j) & 1;
      idx[d] = up ? hi[d] : lo[d];
      MlirValue wj = up ? wr[d] : g2t_bin(b, "arith.subf", one, wr[d]);
      weight = mlirValueIsNull(weight) ? wj : g2t_bin(b, "arith.mulf", weight, wj);
    }
    MlirValue v = g2t_read(&c, x, idx);
    if (!is64)
      v = g2t_cast(b, "arith.extf", v, f64);
    acc = g2t_bin(b, "arith.addf", acc,
                  mlirValueIsNull(weight) ? v : g2t_bin(b, "arith.mulf", weight, v));
  }
  if (!is64)
    acc = g2t_cast(b, "arith.truncf", acc, t);
  *out = g2t_compute_end(&c, acc);
  return mlirLogicalResultSuccess();
}
