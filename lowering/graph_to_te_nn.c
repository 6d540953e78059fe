/* convert-graph-to-te, neural-network family: contractions (matmul,
 * batch_matmul, dense), conv2d, max/avg/global pooling, batch_norm and
 * softmax. Contractions and windows are te.compute reductions (combiner add,
 * init 0; max for max_pool2d with init -inf). Padding is handled in the
 * body: the input index is checked against the bounds, the read is clamped
 * to index 0 when out of bounds and its value replaced (arith.select) by the
 * combiner's neutral element. Data and kernel layouts (NCHW, NHWC, NCHW8c,
 * OIHW, HWIO, OIHW8i8o, ...) go through logical indices
 * (g2t_layout_to_logical / _to_physical). Biases, averages and softmax
 * steps are extra elementwise computes. */
#include "lowering/graph_to_te.h"
#include "lowering/graph_to_te_conv_depthwise.h"
#include "lowering/graph_to_te_conv_direct.h"

#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/op_checks.h"
#include "strata/diagnostics.h"

static const MlirAttribute no_attr = {NULL};

static MlirType result_type(g2t_t *g) {
  return mlirValueGetType(mlirOperationGetResult(g->op, 0));
}

/* ---- contractions ---------------------------------------------------------- */

/* The extent of a contracted axis: a static dim of either side, else -1 and
 * the dim of `a` at `ia` in *dyn. */
static int64_t k_extent(g2t_t *g, MlirValue a, intptr_t ia, MlirValue b, intptr_t ib,
                        MlirValue *dyn) {
  strata_graph_shape_t sa = g2t_shape(a), sb = g2t_shape(b);
  *dyn = (MlirValue){NULL};
  if (sa.dims[ia] != STRATA_GRAPH_DYN)
    return sa.dims[ia];
  if (sb.dims[ib] != STRATA_GRAPH_DYN)
    return sb.dims[ib];
  *dyn = g2t_dim(g, a, ia);
  return -1;
}

static MlirValue mul(strata_builder_t *b, MlirValue x, MlirValue y) {
  return g2t_bin(b, mlirTypeIsAFloat(mlirValueGetType(x)) ? "arith.mulf" : "arith.muli", x, y);
}

static MlirValue add(strata_builder_t *b, MlirValue x, MlirValue y) {
  return g2t_bin(b, mlirTypeIsAFloat(mlirValueGetType(x)) ? "arith.addf" : "arith.addi", x, y);
}

MlirLogicalResult g2t_lower_matmul(g2t_t *g, MlirValue *out) {
  MlirValue a = mlirOperationGetOperand(g->op, 0), b = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = result_type(g);
  MlirValue dims[2] = {g2t_dim(g, a, 0), g2t_dim(g, b, 1)};
  MlirValue kdyn;
  int64_t k = k_extent(g, a, 1, b, 0, &kdyn);
  g2t_compute_t c = g2t_compute_begin(g, "matmul", rtype, dims, 1, &k, &kdyn, "add",
                                      g2t_zero(mlirShapedTypeGetElementType(rtype)));
  MlirValue ia[2] = {c.idx[0], c.idx[2]}, ib[2] = {c.idx[2], c.idx[1]};
  MlirValue va = g2t_read(&c, a, ia), vb = g2t_read(&c, b, ib);
  *out = g2t_compute_end(&c, mul(&c.in, va, vb));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_batch_matmul(g2t_t *g, MlirValue *out) {
  MlirValue a = mlirOperationGetOperand(g->op, 0), b = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = result_type(g);
  strata_graph_shape_t sa = g2t_shape(a), sb = g2t_shape(b), rs;
  strata_graph_shape_from_type(rtype, &rs);
  intptr_t nb = rs.rank - 2;
  strata_graph_shape_t ba = sa, bb = sb; /* the batch parts */
  ba.rank = sa.rank - 2;
  bb.rank = sb.rank - 2;

  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t o = 0; o < nb; ++o)
    dims[o] = rs.dims[o] == STRATA_GRAPH_DYN ? g2t_broadcast_dim(g, a, ba.rank, b, bb.rank, o, nb)
                                              : (MlirValue){NULL};
  dims[nb] = g2t_dim(g, a, sa.rank - 2);
  dims[nb + 1] = g2t_dim(g, b, sb.rank - 1);
  MlirValue kdyn;
  int64_t k = k_extent(g, a, sa.rank - 1, b, sb.rank - 2, &kdyn);
  int64_t ia_info[STRATA_GRAPH_MAX_RANK], ib_info[STRATA_GRAPH_MAX_RANK];
  g2t_broadcast_info(&ba, &bb, rs.dims, nb, ia_info);
  g2t_broadcast_info(&bb, &ba, rs.dims, nb, ib_info);

  g2t_compute_t c = g2t_compute_begin(g, "batch_matmul", rtype, dims, 1, &k, &kdyn, "add",
                                      g2t_zero(mlirShapedTypeGetElementType(rtype)));
  MlirValue ia[STRATA_GRAPH_MAX_RANK], ib[STRATA_GRAPH_MAX_RANK];
  g2t_broadcast_indices(g, &c, a, &ba, nb, c.idx, ia_info, ia);
  g2t_broadcast_indices(g, &c, b, &bb, nb, c.idx, ib_info, ib);
  MlirValue i = c.idx[nb], j = c.idx[nb + 1], kk = c.idx[nb + 2];
  ia[ba.rank] = i;
  ia[ba.rank + 1] = kk;
  ib[bb.rank] = kk;
  ib[bb.rank + 1] = j;
  MlirValue va = g2t_read(&c, a, ia), vb = g2t_read(&c, b, ib);
  *out = g2t_compute_end(&c, mul(&c.in, va, vb));
  return mlirLogicalResultSuccess();
}

/* A compute adding bias[idx[axis_of_bias]] to every element of `src`. */
static MlirValue add_bias(g2t_t *g, const char *name, MlirValue src, const MlirValue *dims,
                          MlirValue bias, const strata_graph_layout_t *layout, intptr_t axis) {
  g2t_compute_t c = g2t_compute_begin(g, name, mlirValueGetType(src), dims, 0, NULL, NULL,
                                      NULL, no_attr);
  MlirValue ch = c.idx[axis];
  if (layout) { /* the logical channel of a (possibly blocked) layout */
    MlirValue logical[26];
    g2t_layout_to_logical(&c.in, layout, c.idx, logical);
    ch = logical['C' - 'A'];
  }
  MlirValue vs = g2t_read(&c, src, c.idx), vb = g2t_read(&c, bias, &ch);
  MlirValue v = add(&c.in, vs, vb);
  return g2t_compute_end(&c, v);
}

MlirLogicalResult g2t_lower_dense(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0), w = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = result_type(g);
  intptr_t r = mlirShapedTypeGetRank(rtype);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i + 1 < r; ++i)
    dims[i] = g2t_dim(g, x, i);
  dims[r - 1] = g2t_dim(g, w, 0);
  MlirValue kdyn;
  int64_t k = k_extent(g, x, r - 1, w, 1, &kdyn);
  g2t_compute_t c = g2t_compute_begin(g, "dense", rtype, dims, 1, &k, &kdyn, "add",
                                      g2t_zero(mlirShapedTypeGetElementType(rtype)));
  MlirValue ix[STRATA_GRAPH_MAX_RANK], iw[2] = {c.idx[r - 1], c.idx[r]};
  for (intptr_t i = 0; i + 1 < r; ++i)
    ix[i] = c.idx[i];
  ix[r - 1] = c.idx[r];
  MlirValue vx = g2t_read(&c, x, ix), vw = g2t_read(&c, w, iw);
  MlirValue mm = g2t_compute_end(&c, mul(&c.in, vx, vw));
  if (mlirOperationGetNumOperands(g->op) == 3)
    mm = add_bias(g, "dense_bias", mm, dims, mlirOperationGetOperand(g->op, 2), NULL, r - 1);
  *out = mm;
  return mlirLogicalResultSuccess();
}

/* ---- windows: conv2d/3d and pooling ---------------------------------------- */

enum { MAX_SPATIAL = 3 };

/* What convolutions and pools share: the layout of data, logical input
 * sizes and the window parameters per spatial axis (sp = "HW" or "DHW"). */
typedef struct {
  strata_graph_layout_t layout;
  int64_t in[26]; /* logical input sizes */
  const char *sp; /* spatial axes, outermost first */
  int ns;         /* their number */
  int64_t k[MAX_SPATIAL], s[MAX_SPATIAL], d[MAX_SPATIAL], pb[MAX_SPATIAL], pe[MAX_SPATIAL];
  int64_t o[MAX_SPATIAL]; /* output sizes */
  bool ceil_mode;
} window_t;

/* Checks that everything but N is static (logical sizes of the input and
 * the result) and that a dynamic N is not blocked; emits the error. */
static MlirLogicalResult check_window_dims(g2t_t *g, const window_t *w, MlirValue x,
                                           const char *what) {
  strata_graph_shape_t s = g2t_shape(x);
  for (int p = 0; p < w->layout.rank; ++p) {
    char a = w->layout.axes[p];
    if (s.dims[p] != STRATA_GRAPH_DYN)
      continue;
    if (a != 'N')
      return strata_emit_error(g->op, "dynamic dim %d ('%c') of the %s is not supported by "
                                      "convert-graph-to-te: only N may be dynamic",
                               p, a, what);
    if (strata_graph_layout_block(&w->layout, 'N') != 1)
      return strata_emit_error(g->op, "a dynamic blocked N axis is not supported");
  }
  return mlirLogicalResultSuccess();
}

/* Result dims of a window op: static ones from the inferred shape, N from
 * the input. */
static void window_result_dims(g2t_t *g, const window_t *w, MlirValue x, MlirValue *dims) {
  MlirType rtype = result_type(g);
  strata_graph_shape_t inferred;
  MlirType elem;
  strata_graph_infer_result(g->op, &inferred, &elem);
  for (int p = 0; p < w->layout.rank; ++p) {
    dims[p] = (MlirValue){NULL};
    if (!mlirShapedTypeIsDynamicDim(rtype, p))
      continue;
    if (inferred.dims[p] != STRATA_GRAPH_DYN)
      dims[p] = strata_build_index(&g->b, inferred.dims[p]);
    else /* N, checked unblocked and at the same position */
      dims[p] = g2t_dim(g, x, p);
  }
}

/* Input positions of a window tap along each spatial axis:
 * i = o*s - pb + k*d. Sets *valid (null when no check is needed) and
 * clamps the positions to 0 where invalid. */
static void window_input(strata_builder_t *b, const window_t *w, const MlirValue *o,
                         const MlirValue *k, MlirValue *in, MlirValue *valid) {
  for (int i = 0; i < w->ns; ++i)
    in[i] = g2t_iaddc(b, g2t_iadd(b, g2t_imulc(b, o[i], w->s[i]), g2t_imulc(b, k[i], w->d[i])),
                      -w->pb[i]);
  *valid = (MlirValue){NULL};
  MlirValue zero = strata_build_index(b, 0);
  MlirValue conds[2 * MAX_SPATIAL];
  int n = 0;
  for (int i = 0; i < w->ns; ++i) {
    int64_t size = w->in[w->sp[i] - 'A'];
    if (w->pb[i] > 0)
      conds[n++] = g2t_cmpi(b, G2T_CMPI_SGE, in[i], zero);
    if ((w->o[i] - 1) * w->s[i] - w->pb[i] + (w->k[i] - 1) * w->d[i] >= size)
      conds[n++] = g2t_cmpi(b, G2T_CMPI_SLT, in[i], strata_build_index(b, size));
  }
  if (n == 0)
    return;
  MlirValue v = conds[0];
  for (int i = 1; i < n; ++i)
    v = g2t_bin(b, "arith.andi", v, conds[i]);
  *valid = v;
  for (int i = 0; i < w->ns; ++i)
    in[i] = g2t_select(b, v, in[i], zero);
}

static void read_window_params(g2t_t *g, window_t *w, bool conv) {
  MlirStringRef name = mlirStringRefCreateFromCString(g->op_name);
  bool three = name.length > 2 && !strcmp(name.data + name.length - 2, "3d");
  w->sp = three ? "DHW" : "HW";
  w->ns = three ? 3 : 2;
  int64_t v[2 * MAX_SPATIAL];
  g2t_attr_i64s(g->op, "strides", w->s, w->ns);
  g2t_attr_i64s(g->op, "padding", v, 2 * w->ns);
  for (int i = 0; i < w->ns; ++i) {
    w->pb[i] = v[i];
    w->pe[i] = v[w->ns + i];
    w->d[i] = 1;
  }
  if (!mlirAttributeIsNull(g2t_attr(g->op, "dilation")))
    g2t_attr_i64s(g->op, "dilation", w->d, w->ns);
  w->ceil_mode = !conv && g2t_attr_bool(g->op, "ceil_mode");
  if (!conv)
    g2t_attr_i64s(g->op, "kernel", w->k, w->ns);
}

/* A pooling op's window: its layout, window parameters and checked dims. */
static MlirLogicalResult read_pool_window(g2t_t *g, MlirValue x, window_t *w) {
  if (!g2t_attr_layout(g->op, "layout", &w->layout))
    return strata_emit_error(g->op, "unsupported layout");
  read_window_params(g, w, false);
  return check_window_dims(g, w, x, "input");
}

static void finish_window(window_t *w) {
  for (int i = 0; i < w->ns; ++i)
    w->o[i] = strata_graph_window_out_size(w->in[w->sp[i] - 'A'], w->k[i], w->s[i], w->pb[i],
                                           w->pe[i], w->d[i], w->ceil_mode);
}

/* conv2d and conv3d. */
static bool layout_is(const strata_graph_layout_t *l, const char *axes) {
  if (l->rank != (int)strlen(axes))
    return false;
  for (int i = 0; i < l->rank; ++i)
    if (l->axes[i] != axes[i])
      return false;
  return true;
}


/* conv2d as im2col + a matrix product, for NCHW / OIHW, groups 1, static
 * fp32 shapes:
 *   col[n, q, p] = x[n, ic, ih, iw], q = (ic, kh, kw), p = (oh, ow), zero
 *     where the tap falls in the padding; computed as [n, ic, kh, kw, oh, ow]
 *     (no index division) and viewed as [n, q, p] (collapse_shape); for 1x1
 *     stride-1 unpadded convolutions col is x itself, viewed;
 *   wmat[o, q] = w[o, ic, kh, kw], a view of the weights;
 *   out[n, o, p] = sum_q wmat[o, q] * col[n, q, p], viewed as
 *     [n, o, oh, ow] (expand_shape), then the bias.
 * The product is what te-default-schedule packs and tensorizes (te-inline
 * keeps col materialized for it); a returned result is computed straight
 * into the destination, and the bias and following elementwise ops fuse
 * into one pass over the output. */
static MlirValue conv2d_as_gemm(g2t_t *g, const window_t *w, MlirValue x, MlirValue wt,
                                int64_t O, int64_t I, MlirType t) {
  int64_t N = w->in['N' - 'A'], KH = w->k[0], KW = w->k[1], OH = w->o[0], OW = w->o[1];
  int64_t Q = I * KH * KW, P = OH * OW;
  char name[64];
  MlirValue col;
  if (KH == 1 && KW == 1 && w->s[0] == 1 && w->s[1] == 1 && w->pb[0] == 0 && w->pb[1] == 0 &&
      w->pe[0] == 0 && w->pe[1] == 0) {
    /* 1x1, stride 1, no padding: col is x itself viewed as [N, C, H*W]. */
    col = g2t_collapse(g, x, (int64_t[]){N, Q, P}, 3, (const int64_t[]){1, 1, 2});
  } else {
    /* col6[n, ic, kh, kw, oh, ow], viewed as col[n, q, p]: every index is
     * an axis, so the copy needs no division. */
    snprintf(name, sizeof name, "%s_im2col", g->op_name);
    MlirType col_t = mlirRankedTensorTypeGet(6, (int64_t[]){N, I, KH, KW, OH, OW}, t,
                                             mlirAttributeGetNull());
    g2t_compute_t c = g2t_compute_begin(g, name, col_t, NULL, 0, NULL, NULL, NULL, no_attr);
    strata_builder_t *b = &c.in;
    MlirValue kv[2] = {c.idx[2], c.idx[3]}, ov[2] = {c.idx[4], c.idx[5]};
    MlirValue iv[2], valid;
    window_input(b, w, ov, kv, iv, &valid);
    MlirValue xv = g2t_read(&c, x, (MlirValue[]){c.idx[0], c.idx[1], iv[0], iv[1]});
    if (!mlirValueIsNull(valid))
      xv = g2t_select(b, valid, xv, g2t_const_attr(b, g2t_zero(t)));
    col = g2t_collapse(g, g2t_compute_end(&c, xv), (int64_t[]){N, Q, P}, 3,
                   (const int64_t[]){1, 3, 2});
  }
  /* wmat[o, q]: the OIHW weights viewed as [O, I*KH*KW]. */
  MlirValue wmat = g2t_collapse(g, wt, (int64_t[]){O, Q}, 2, (const int64_t[]){1, 3});
  g2t_compute_t c;
  strata_builder_t *b;
  /* mm[n, o, p] = sum_q wmat[o, q] * col[n, q, p] */
  MlirType mm_t = mlirRankedTensorTypeGet(3, (int64_t[]){N, O, P}, t, mlirAttributeGetNull());
  c = g2t_compute_begin(g, g->op_name, mm_t, NULL, 1, &Q, NULL, "add", g2t_zero(t));
  b = &c.in;
  MlirValue a_v = g2t_read(&c, wmat, (MlirValue[]){c.idx[1], c.idx[3]});
  MlirValue b_v = g2t_read(&c, col, (MlirValue[]){c.idx[0], c.idx[3], c.idx[2]});
  MlirValue mm = g2t_compute_end(&c, mul(b, a_v, b_v));
  /* out[n, o, oh, ow]: mm viewed with p split back into (oh, ow). */
  return g2t_expand(g, mm, result_type(g), 3, (const int64_t[]){1, 1, 2});
}

MlirLogicalResult g2t_lower_conv2d(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0), wt = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = result_type(g);
  MlirType t = mlirShapedTypeGetElementType(rtype);
  window_t w;
  strata_graph_layout_t kl;
  if (!g2t_attr_layout(g->op, "data_layout", &w.layout) ||
      !g2t_attr_layout(g->op, "kernel_layout", &kl))
    return strata_emit_error(g->op, "unsupported layout");
  read_window_params(g, &w, true);
  int64_t groups = g2t_attr_int(g->op, "groups");
  if (mlirLogicalResultIsFailure(check_window_dims(g, &w, x, "input")))
    return mlirLogicalResultFailure();
  strata_graph_shape_t ws = g2t_shape(wt);
  if (strata_graph_num_elements(&ws) == STRATA_GRAPH_DYN)
    return strata_emit_error(g->op, "a weight with dynamic dims is not supported by "
                                    "convert-graph-to-te");
  strata_graph_shape_t xs = g2t_shape(x);
  strata_graph_layout_to_logical(&w.layout, &xs, w.in);
  int64_t kw_log[26];
  strata_graph_layout_to_logical(&kl, &ws, kw_log);
  int64_t O = kw_log['O' - 'A'], I = kw_log['I' - 'A'];
  for (int i = 0; i < w.ns; ++i)
    w.k[i] = kw_log[w.sp[i] - 'A'];
  finish_window(&w);

  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  window_result_dims(g, &w, x, dims);
  bool has_bias = mlirOperationGetNumOperands(g->op) == 3;
  if (w.ns == 2 && groups == 1 && layout_is(&w.layout, "NCHW") && layout_is(&kl, "OIHW") &&
      mlirTypeIsAF32(t) && mlirShapedTypeHasStaticShape(mlirValueGetType(x)) &&
      mlirShapedTypeHasStaticShape(rtype)) {
    MlirValue r = {NULL};
    if (w.d[0] == 1 && w.d[1] == 1) { /* direct, no im2col, where it is chosen */
      g2t_conv_shape_t cs = {w.in['N' - 'A'], I, w.in['H' - 'A'], w.in['W' - 'A'], O, w.k[0],
                             w.k[1], w.s[0], w.s[1], w.pb[0], w.pb[1], w.o[0], w.o[1]};
      r = g2t_conv2d_direct(g, &cs, x, wt, t);
    }
    if (mlirValueIsNull(r))
      r = conv2d_as_gemm(g, &w, x, wt, O, I, t);
    if (has_bias) {
      char name[32];
      snprintf(name, sizeof name, "%s_bias", g->op_name);
      r = add_bias(g, name, r, dims, mlirOperationGetOperand(g->op, 2), &w.layout, 0);
    }
    *out = r;
    return mlirLogicalResultSuccess();
  }
  if (w.ns == 2 && groups > 1 && groups == O && I == 1 && w.in['C' - 'A'] == O &&
      w.d[0] == 1 && w.d[1] == 1 && layout_is(&w.layout, "NCHW") && layout_is(&kl, "OIHW") &&
      mlirTypeIsAF32(t) && mlirShapedTypeHasStaticShape(mlirValueGetType(x)) &&
      mlirShapedTypeHasStaticShape(rtype)) { /* depthwise on padded planes, where chosen */
    g2t_conv_shape_t cs = {w.in['N' - 'A'], O, w.in['H' - 'A'], w.in['W' - 'A'], O, w.k[0],
                           w.k[1], w.s[0], w.s[1], w.pb[0], w.pb[1], w.o[0], w.o[1]};
    MlirValue r = g2t_conv2d_depthwise(g, &cs, x, wt, t);
    if (!mlirValueIsNull(r)) {
      if (has_bias) {
        char name[32];
        snprintf(name, sizeof name, "%s_bias", g->op_name);
        r = add_bias(g, name, r, dims, mlirOperationGetOperand(g->op, 2), &w.layout, 0);
      }
      *out = r;
      return mlirLogicalResultSuccess();
    }
  }
  int64_t extents[1 + MAX_SPATIAL] = {I};
  for (int i = 0; i < w.ns; ++i)
    extents[1 + i] = w.k[i];
  g2t_compute_t c = g2t_compute_begin(g, g->op_name, rtype, dims, 1 + w.ns, extents, NULL, "add",
                                      g2t_zero(t));
  strata_builder_t *b = &c.in;
  MlirValue lo[26];
  g2t_layout_to_logical(b, &w.layout, c.idx, lo);
  MlirValue ic = c.idx[c.rank], ov[MAX_SPATIAL], kv[MAX_SPATIAL], iv[MAX_SPATIAL];
  for (int i = 0; i < w.ns; ++i) {
    ov[i] = lo[w.sp[i] - 'A'];
    kv[i] = c.idx[c.rank + 1 + i];
  }
  MlirValue oc = lo['C' - 'A'];
  MlirValue valid;
  window_input(b, &w, ov, kv, iv, &valid);
  MlirValue ci = ic;
  if (groups > 1) /* channel = (o / (O / groups)) * I + ic */
    ci = g2t_iadd(b, g2t_imulc(b, g2t_idiv(b, oc, strata_build_index(b, O / groups)), I), ic);
  MlirValue li[26] = {0}, lw[26] = {0};
  li['N' - 'A'] = lo['N' - 'A'];
  li['C' - 'A'] = ci;
  lw['O' - 'A'] = oc;
  lw['I' - 'A'] = ic;
  for (int i = 0; i < w.ns; ++i) {
    li[w.sp[i] - 'A'] = iv[i];
    lw[w.sp[i] - 'A'] = kv[i];
  }
  MlirValue px[STRATA_GRAPH_MAX_RANK], pw[STRATA_GRAPH_MAX_RANK];
  g2t_layout_to_physical(b, &w.layout, li, px);
  g2t_layout_to_physical(b, &kl, lw, pw);
  MlirValue xv = g2t_read(&c, x, px);
  if (!mlirValueIsNull(valid))
    xv = g2t_select(b, valid, xv, g2t_const_attr(b, g2t_zero(t)));
  MlirValue wv = g2t_read(&c, wt, pw);
  MlirValue r = g2t_compute_end(&c, mul(b, xv, wv));
  if (has_bias) {
    char name[32];
    snprintf(name, sizeof name, "%s_bias", g->op_name);
    r = add_bias(g, name, r, dims, mlirOperationGetOperand(g->op, 2), &w.layout, 0);
  }
  *out = r;
  return mlirLogicalResultSuccess();
}

/* One input element of window position k (reduce indices) of output
 * position c->idx: its logical spatial indices in iv[], whether it lies in
 * the input (*valid; null without padding), the clamped read. */
static MlirValue window_read(g2t_compute_t *c, const window_t *w, MlirValue x, MlirValue *lo,
                             MlirValue *iv, MlirValue *valid) {
  strata_builder_t *b = &c->in;
  g2t_layout_to_logical(b, &w->layout, c->idx, lo);
  MlirValue ov[MAX_SPATIAL];
  for (int i = 0; i < w->ns; ++i)
    ov[i] = lo[w->sp[i] - 'A'];
  window_input(b, w, ov, c->idx + c->rank, iv, valid);
  MlirValue li[26] = {0};
  li['N' - 'A'] = lo['N' - 'A'];
  li['C' - 'A'] = lo['C' - 'A'];
  for (int i = 0; i < w->ns; ++i)
    li[w->sp[i] - 'A'] = iv[i];
  MlirValue px[STRATA_GRAPH_MAX_RANK];
  g2t_layout_to_physical(b, &w->layout, li, px);
  return g2t_read(c, x, px);
}

/* The max (or sum) of every window: a reduction over the kernel extents,
 * padding read as the combiner's neutral element. */
static MlirValue pool_window(g2t_t *g, const window_t *w, MlirValue x, const char *name,
                             MlirType type, const MlirValue *dims, bool is_max) {
  MlirType t = mlirShapedTypeGetElementType(type);
  MlirAttribute neutral = is_max ? g2t_lowest(t) : g2t_zero(t);
  g2t_compute_t c = g2t_compute_begin(g, name, type, dims, w->ns, w->k, NULL,
                                      is_max ? "max" : "add", neutral);
  MlirValue lo[26], iv[MAX_SPATIAL], valid;
  MlirValue xv = window_read(&c, w, x, lo, iv, &valid);
  if (!mlirValueIsNull(valid))
    xv = g2t_select(&c.in, valid, xv, g2t_const_attr(&c.in, neutral));
  return g2t_compute_end(&c, xv);
}

/* max_pool2d_indices: the maxima (pool_window), then per window the least
 * row-major flat input index (over the logical N, C, H, W) whose element
 * equals the maximum: a min reduction of select(inside && x == max, index,
 * INT64_MAX); storage_order 1 then rewrites it column-major over H, W. */
MlirLogicalResult g2t_lower_max_pool2d_indices(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g), t = g2t_elem(x);
  window_t w;
  if (mlirLogicalResultIsFailure(read_pool_window(g, x, &w)))
    return mlirLogicalResultFailure();
  strata_graph_shape_t xs = g2t_shape(x);
  strata_graph_layout_to_logical(&w.layout, &xs, w.in);
  finish_window(&w);
  bool column_major = g2t_attr_int(g->op, "storage_order") == 1;
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  window_result_dims(g, &w, x, dims);
  strata_graph_shape_t rs = g2t_shape(mlirOperationGetResult(g->op, 0));
  char name[48];
  snprintf(name, sizeof name, "%s_max", g->op_name);
  MlirValue maxima = pool_window(g, &w, x, name, g2t_tensor(&rs, t), dims, true);

  MlirType i64 = mlirShapedTypeGetElementType(rtype);
  MlirAttribute none = g2t_highest(i64);
  g2t_compute_t c = g2t_compute_begin(g, g->op_name, rtype, dims, w.ns, w.k, NULL, "min", none);
  strata_builder_t *b = &c.in;
  MlirValue lo[26], iv[MAX_SPATIAL], valid;
  MlirValue xv = window_read(&c, &w, x, lo, iv, &valid);
  MlirValue mv = g2t_read(&c, maxima, c.idx);
  MlirValue hit = mlirTypeIsAFloat(t) ? g2t_cmpf(b, 1 /* oeq */, xv, mv)
                                      : g2t_cmpi(b, G2T_CMPI_EQ, xv, mv);
  if (!mlirValueIsNull(valid))
    hit = g2t_bin(b, "arith.andi", hit, valid);
  /* ((n*C + c)*H + h)*W + w: row-major, so the least is the first in
   * window order. */
  int64_t H = w.in['H' - 'A'], W = w.in['W' - 'A'];
  MlirValue nc = g2t_iadd(b, g2t_imulc(b, lo['N' - 'A'], w.in['C' - 'A']), lo['C' - 'A']);
  MlirValue flat = g2t_iadd(b, g2t_imulc(b, g2t_iadd(b, g2t_imulc(b, nc, H), iv[0]), W), iv[1]);
  MlirValue v = g2t_select(b, hit, g2t_cast(b, "arith.index_cast", flat, i64),
                           g2t_const_attr(b, none));
  MlirValue r = g2t_compute_end(&c, v);
  if (column_major) { /* ((n*C + c)*W + w)*H + h of the same element */
    snprintf(name, sizeof name, "%s_col", g->op_name);
    g2t_compute_t d = g2t_compute_begin(g, name, rtype, dims, 0, NULL, NULL, NULL, no_attr);
    b = &d.in;
    MlirValue rm = g2t_cast(b, "arith.index_cast", g2t_read(&d, r, d.idx), g->index);
    MlirValue hw = strata_build_index(b, H * W);
    MlirValue h = g2t_idiv(b, g2t_irem(b, rm, hw), strata_build_index(b, W));
    MlirValue wi = g2t_irem(b, rm, strata_build_index(b, W));
    MlirValue cm = g2t_iadd(
        b, g2t_imulc(b, g2t_iadd(b, g2t_imulc(b, g2t_idiv(b, rm, hw), W), wi), H), h);
    r = g2t_compute_end(&d, g2t_cast(b, "arith.index_cast", cm, i64));
  }
  *out = r;
  return mlirLogicalResultSuccess();
}

/* max_pool2d/3d and avg_pool2d/3d. */
MlirLogicalResult g2t_lower_pool2d(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g);
  MlirType t = mlirShapedTypeGetElementType(rtype);
  bool is_max = !strncmp(g->op_name, "max_pool", 8);
  window_t w;
  if (mlirLogicalResultIsFailure(read_pool_window(g, x, &w)))
    return mlirLogicalResultFailure();
  if (!is_max && !mlirTypeIsAFloat(t))
    return g2t_not_float(g, t);
  strata_graph_shape_t xs = g2t_shape(x);
  strata_graph_layout_to_logical(&w.layout, &xs, w.in);
  finish_window(&w);

  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  window_result_dims(g, &w, x, dims);
  char sum_name[32];
  snprintf(sum_name, sizeof sum_name, "%s%s", g->op_name, is_max ? "" : "_sum");
  MlirValue r = pool_window(g, &w, x, sum_name, rtype, dims, is_max);
  if (is_max) {
    *out = r;
    return mlirLogicalResultSuccess();
  }
  strata_builder_t *b;
  MlirValue lo[26];

  /* avg: divide by the window's element count at each output position.
   * count_include_pad: the window clipped to the padded input;
   * otherwise: clipped to the input itself. */
  bool include_pad = g2t_attr_bool(g->op, "count_include_pad");
  g2t_compute_t d = g2t_compute_begin(g, g->op_name, rtype, dims, 0, NULL, NULL, NULL, no_attr);
  b = &d.in;
  g2t_layout_to_logical(b, &w.layout, d.idx, lo);
  /* the window never leaves the counted area: a constant count */
  bool unpadded = true;
  for (int i = 0; i < w.ns; ++i)
    unpadded = unpadded && w.pb[i] == 0 && w.pe[i] == 0;
  bool whole = !w.ceil_mode && (include_pad || unpadded);
  MlirValue cnt[MAX_SPATIAL];
  for (int i = 0; i < w.ns && whole; ++i)
    cnt[i] = strata_build_index(b, w.k[i]);
  for (int i = 0; i < w.ns && !whole; ++i) {
    int64_t size = w.in[w.sp[i] - 'A'];
    MlirValue start = g2t_iaddc(b, g2t_imulc(b, lo[w.sp[i] - 'A'], w.s[i]), -w.pb[i]);
    MlirValue end = g2t_iaddc(b, start, w.k[i]);
    if (include_pad) {
      end = g2t_imin(b, end, strata_build_index(b, size + w.pe[i]));
    } else {
      start = g2t_imax(b, start, strata_build_index(b, 0));
      end = g2t_imin(b, end, strata_build_index(b, size));
    }
    cnt[i] = g2t_isub(b, end, start);
  }
  MlirValue sum = g2t_read(&d, r, d.idx);
  MlirValue total = cnt[0];
  for (int i = 1; i < w.ns; ++i)
    total = g2t_imul(b, total, cnt[i]);
  int64_t k;
  MlirValue n = strata_constant_int(total, &k) ? g2t_scalar(b, t, (double)k)
                                               : g2t_index_to_elem(b, total, t);
  *out = g2t_compute_end(&d, g2t_bin(b, "arith.divf", sum, n));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_global_avg_pool2d(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g);
  MlirType t = mlirShapedTypeGetElementType(rtype);
  strata_graph_layout_t l;
  if (!g2t_attr_layout(g->op, "layout", &l))
    return strata_emit_error(g->op, "unsupported layout");
  if (strata_graph_layout_block(&l, 'H') != 1 || strata_graph_layout_block(&l, 'W') != 1)
    return strata_emit_error(g->op, "unsupported layout: H and W must not be blocked");
  if (!mlirTypeIsAFloat(t))
    return g2t_not_float(g, t);
  int ph = strata_graph_layout_index(&l, 'H'), pw = strata_graph_layout_index(&l, 'W');
  strata_graph_shape_t xs = g2t_shape(x);
  MlirValue dims[STRATA_GRAPH_MAX_RANK], red_dims[2];
  for (intptr_t p = 0; p < xs.rank; ++p)
    dims[p] = (p != ph && p != pw && mlirShapedTypeIsDynamicDim(rtype, p)) ? g2t_dim(g, x, p)
                                                                           : (MlirValue){NULL};
  red_dims[0] = g2t_dim(g, x, ph);
  red_dims[1] = g2t_dim(g, x, pw);
  int64_t extents[2] = {xs.dims[ph] == STRATA_GRAPH_DYN ? -1 : xs.dims[ph],
                        xs.dims[pw] == STRATA_GRAPH_DYN ? -1 : xs.dims[pw]};
  MlirValue count = g2t_imul(&g->b, red_dims[0], red_dims[1]);
  g2t_compute_t c = g2t_compute_begin(g, "global_avg_pool2d_sum", rtype, dims, 2, extents,
                                      red_dims, "add", g2t_zero(t));
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  for (intptr_t p = 0; p < xs.rank; ++p)
    idx[p] = c.idx[p];
  idx[ph] = c.idx[c.rank];
  idx[pw] = c.idx[c.rank + 1];
  MlirValue sum = g2t_compute_end(&c, g2t_read(&c, x, idx));
  *out = g2t_divide_by(g, "global_avg_pool2d", sum, dims, count);
  return mlirLogicalResultSuccess();
}

/* ---- normalization ---------------------------------------------------------- */

MlirLogicalResult g2t_lower_batch_norm(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g);
  MlirType t = mlirShapedTypeGetElementType(rtype);
  if (!mlirTypeIsAFloat(t))
    return g2t_not_float(g, t);
  intptr_t axis = (intptr_t)g2t_attr_int(g->op, "axis");
  double eps = mlirFloatAttrGetValueDouble(g2t_attr(g->op, "epsilon"));
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(rtype); ++i)
    dims[i] = mlirShapedTypeIsDynamicDim(rtype, i) ? g2t_dim(g, x, i) : (MlirValue){NULL};
  g2t_compute_t c = g2t_compute_begin(g, "batch_norm", rtype, dims, 0, NULL, NULL, NULL,
                                      no_attr);
  strata_builder_t *b = &c.in;
  MlirValue ch = c.idx[axis];
  MlirValue xv = g2t_read(&c, x, c.idx);
  MlirValue gamma = g2t_read(&c, mlirOperationGetOperand(g->op, 1), &ch);
  MlirValue beta = g2t_read(&c, mlirOperationGetOperand(g->op, 2), &ch);
  MlirValue mean = g2t_read(&c, mlirOperationGetOperand(g->op, 3), &ch);
  MlirValue var = g2t_read(&c, mlirOperationGetOperand(g->op, 4), &ch);
  /* (x - mean) / sqrt(var + eps) * gamma + beta */
  MlirValue den = g2t_un(b, "math.sqrt", g2t_bin(b, "arith.addf", var, g2t_scalar(b, t, eps)));
  MlirValue v = g2t_bin(b, "arith.divf", g2t_bin(b, "arith.subf", xv, mean), den);
  v = g2t_bin(b, "arith.addf", g2t_bin(b, "arith.mulf", v, gamma), beta);
  *out = g2t_compute_end(&c, v);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_softmax(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g);
  MlirType t = mlirShapedTypeGetElementType(rtype);
  if (!mlirTypeIsAFloat(t))
    return g2t_not_float(g, t);
  intptr_t axis = (intptr_t)g2t_attr_int(g->op, "axis");
  strata_graph_shape_t xs = g2t_shape(x), ks;
  ks = xs;
  ks.dims[axis] = 1; /* max and sum keep the axis as a dim of 1 */
  MlirType ktype = g2t_tensor(&ks, t);
  MlirValue dims[STRATA_GRAPH_MAX_RANK], kdims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < xs.rank; ++i) {
    dims[i] = mlirShapedTypeIsDynamicDim(rtype, i) ? g2t_dim(g, x, i) : (MlirValue){NULL};
    kdims[i] = (i != axis && xs.dims[i] == STRATA_GRAPH_DYN) ? g2t_dim(g, x, i)
                                                            : (MlirValue){NULL};
  }
  MlirValue xdims[STRATA_GRAPH_MAX_RANK]; /* the input's own dims (exp is typed as x) */
  for (intptr_t i = 0; i < xs.rank; ++i)
    xdims[i] = xs.dims[i] == STRATA_GRAPH_DYN ? g2t_dim(g, x, i) : (MlirValue){NULL};
  int64_t lanes = g2t_row_lanes(t, &xs, axis);
  MlirValue idx[STRATA_GRAPH_MAX_RANK];

  /* softmax_max[k] = max over r of x[k with axis = r] */
  MlirValue mx = g2t_row_reduce(g, "softmax_max", "max", g2t_lowest(t), x, &xs, axis, ktype,
                               kdims, lanes);

  /* softmax_exp[i] = exp(x[i] - max[i with axis = 0]) */
  g2t_compute_t c = g2t_compute_begin(g, "softmax_exp", mlirValueGetType(x), xdims, 0, NULL,
                                      NULL, NULL, no_attr);
  for (intptr_t i = 0; i < xs.rank; ++i)
    idx[i] = i == axis ? strata_build_index(&c.in, 0) : c.idx[i];
  MlirValue xv = g2t_read(&c, x, c.idx), mv = g2t_read(&c, mx, idx);
  MlirValue e = g2t_bin(&c.in, "arith.subf", xv, mv);
  MlirValue ex = g2t_compute_end(&c, g2t_un(&c.in, "math.exp", e));

  /* softmax_sum[k] = sum over r of exp[k with axis = r] */
  MlirValue sum = g2t_row_reduce(g, "softmax_sum", "add", g2t_zero(t), ex, &xs, axis, ktype,
                                kdims, lanes);

  /* softmax[i] = exp[i] / sum[i with axis = 0] */
  c = g2t_compute_begin(g, "softmax", rtype, dims, 0, NULL, NULL, NULL, no_attr);
  for (intptr_t i = 0; i < xs.rank; ++i)
    idx[i] = i == axis ? strata_build_index(&c.in, 0) : c.idx[i];
  MlirValue ev = g2t_read(&c, ex, c.idx), sv = g2t_read(&c, sum, idx);
  MlirValue v = g2t_bin(&c.in, "arith.divf", ev, sv);
  *out = g2t_compute_end(&c, v);
  return mlirLogicalResultSuccess();
}
