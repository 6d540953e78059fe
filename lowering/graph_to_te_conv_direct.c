/* convert-graph-to-te: direct convolution, no im2col buffer (docs/convolution.md).
 *
 * A 2-D NCHW / OIHW fp32 convolution (groups 1, dilation 1, static sizes)
 * becomes four computes instead of im2col + a product:
 *
 *   xp[n, hp, ph, wq, c]  = x[n, c, hp - pt, wq*sw + ph - pl], 0 in the
 *                           padding: the input padded, channels last
 *                           (NHWC), and for stride sw > 1 the padded row
 *                           split into its sw phases (iw = wq*sw + ph), so
 *                           that output pixels ow, ow+1, .. of one tap read
 *                           consecutive rows of xp;
 *   wp[ob, kh, kw, c, oi] = w[ob*B + oi, c, kh, kw], B = the register tile's
 *                           columns (a multiple of the vector width): the
 *                           weights of one output-channel block as K x B
 *                           panels; folded at compile time when the weights
 *                           are a constant (a new constant), else a compute;
 *   cv[n, ob, oh, ow, oi] = sum_{kh, kw, c} xp[n, oh*sh + kh, kw % sw,
 *                           ow + kw / sw, c] * wp[ob, kh, kw, c, oi]
 *                           (NCHW{B}c: channels blocked by B);
 *   out[n, o, oh, ow]     = cv[n, o / B, oh, ow, o % B] (NCHW again; the
 *                           bias and the ops fused after the conv are
 *                           merged into this pass by te-inline).
 *
 * cv carries its schedule (TVM's conv2d_NCHWc: oc_bn = B, reg_n = the
 * tile's rows, the reduction over kh, kw outside the register tile and
 * over c inside it):
 *
 *   split d3 (ow) [reg_n]; reorder [d0, d1, d2, d3.0, r0, r1, d3.1, d4, r2];
 *   tensorize d3.1 with the host's fp32 FMA tile (reg_n x B);
 *   parallel d1 (output-channel blocks; d2 when there is one block).
 *
 * so each micro-kernel call is a small GEMM: reg_n pixels x B channels
 * over K = c, A = reg_n rows of xp (row stride c), B = a contiguous
 * zero-padding-free weight panel; the accumulators stay in registers for
 * the whole c loop, with no im2col copy (which costs KH*KW times the input).
 *
 * Chosen for a shape (g2t_conv2d_direct returns null otherwise, and the
 * caller uses im2col + GEMM) when the host has a tile whose columns divide
 * the output channels and the input has at least DIRECT_MIN_CHANNELS
 * channels (the c loop is the micro-kernel's K: the 3-channel 7x7 stem
 * would reload its accumulators every 3 FMAs). With fewer channels and
 * kw > 1, kw is folded into K: xp[n, hp, 0, ow, kw*C + c] = x[n, c, hp -
 * pt, ow*sw + kw - pl] (each pixel's row holds its kw taps: kw times the
 * padded input, not kh*kw as im2col), the weights [ob, kh, 1, kw*C, B]
 * (the same memory order), and the product a kh x 1 kernel at stride 1
 * along the row, used when kw*C >= FOLD_MIN_K (the stems). Except 1x1 stride-1
 * unpadded convolutions, which the GEMM lowering computes on views with no
 * copy; measured in docs/convolution.md. The graph op's discardable
 * attributes override the choices (tests, experiments): `conv_algorithm` =
 * "direct" | "im2col", `conv_tile` = a host tile's name, `conv_icb` = an
 * input-channel block (0: none; by default one when the c x B weight panel
 * does not fit L1, see l1_channel_block). */
#include "lowering/graph_to_te_conv_direct.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/f32_constant.h"
#include "core/host_cache.h"
#include "dialects/hwi/hwi_catalog.h"
#include "dialects/op_checks.h"

/* Input channels below which kw is folded into K (see the header), and
 * the least K (kw * C) for which the folded direct kernel is used: the
 * 3-channel 3x3 stride-2 stem of MobileNetV2 (K = 9) took 0.80 ms CPU time
 * folded vs 1.11 ms with im2col, the 7x7 one of ResNet-18 (K = 21) 2.5 vs
 * 3.8 ms; unfolded K = 3 is the case the header rules out. */
enum { DIRECT_MIN_CHANNELS = 16, FOLD_MIN_K = 8, MAX_TILES = 8 };

static MlirType tensor_type(intptr_t rank, const int64_t *dims, MlirType elem) {
  return mlirRankedTensorTypeGet(rank, dims, elem, mlirAttributeGetNull());
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* The host tile for output width ow and o channels (a graph op's
 * `conv_tile` attribute naming one of the host's tiles overrides this):
 * columns dividing o; of those, the fewest padded rows (round_up(ow, m),
 * within 5%), then one whose weight panel (c x n floats, read by every
 * call) fits in the L1 data cache, then the target's preferred order.
 * NULL if none fits. */
static const strata_hwi_builtin_t *choose_tile(MlirOperation op, const g2t_conv_shape_t *s) {
  const strata_hwi_builtin_t *tiles[MAX_TILES];
  int nt = strata_hwi_builtins_for_target("host", tiles, MAX_TILES);
  if (nt > MAX_TILES)
    nt = MAX_TILES;
  MlirAttribute forced = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("conv_tile"));
  if (!mlirAttributeIsNull(forced) && mlirAttributeIsAString(forced)) {
    MlirStringRef want = mlirStringAttrGetValue(forced);
    for (int i = 0; i < nt; ++i)
      if (strlen(tiles[i]->name) == want.length && !memcmp(tiles[i]->name, want.data, want.length))
        return s->o % tiles[i]->n == 0 ? tiles[i] : NULL;
  }
  double waste[MAX_TILES], least = 0;
  int usable = 0;
  for (int i = 0; i < nt; ++i) {
    const strata_hwi_builtin_t *t = tiles[i];
    waste[i] = -1;
    if (t->n % t->vector_width != 0 || s->o % t->n != 0)
      continue;
    waste[i] = (double)(ceil_div(s->ow, t->m) * t->m) / (double)s->ow;
    if (!usable++ || waste[i] < least)
      least = waste[i];
  }
  const strata_hwi_builtin_t *best = NULL;
  int64_t l1 = strata_host_l1d_bytes();
  for (int i = 0; i < nt; ++i) {
    if (waste[i] < 0 || waste[i] > least * 1.05)
      continue;
    bool fits = l1 > 0 && s->c * tiles[i]->n * (int64_t)sizeof(float) <= l1;
    if (!best)
      best = tiles[i];
    if (fits) {
      best = tiles[i];
      break;
    }
  }
  return best;
}

/* See the header; here for conv_algorithm ("direct", "im2col"). */
const char *g2t_conv_forced_algorithm(MlirOperation op, const char *attr,
                                      const char *const *choices) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(attr));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return NULL;
  MlirStringRef r = mlirStringAttrGetValue(a);
  for (; *choices; ++choices)
    if (r.length == strlen(*choices) && !memcmp(r.data, *choices, r.length))
      return *choices;
  return NULL;
}

MlirValue g2t_conv_padded_read(g2t_compute_t *c, MlirValue x, const g2t_conv_guard_t *at,
                                int64_t h, int64_t w, MlirType elem) {
  strata_builder_t *b = &c->in;
  MlirValue conds[4] = {g2t_cmpi(b, G2T_CMPI_SGE, at->ih, at->zero),
                        g2t_cmpi(b, G2T_CMPI_SLT, at->ih, strata_build_index(b, h)),
                        g2t_cmpi(b, G2T_CMPI_SGE, at->iw, at->zero),
                        g2t_cmpi(b, G2T_CMPI_SLT, at->iw, strata_build_index(b, w))};
  MlirValue valid = conds[0];
  for (int i = 1; i < 4; ++i)
    valid = g2t_bin(b, "arith.andi", valid, conds[i]);
  MlirValue ih = g2t_select(b, valid, at->ih, at->zero);
  MlirValue iw = g2t_select(b, valid, at->iw, at->zero);
  MlirValue v = g2t_read(c, x, (MlirValue[]){at->n, at->c, ih, iw});
  return g2t_select(b, valid, v, g2t_const_attr(b, g2t_zero(elem)));
}

/* xp: the padded, channels-last, phase-split input (see the header). With
 * kw folded (fold = the original shape, s the folded one: kw 1, stride 1,
 * c = kw * C), xp[n, hp, 0, ow, kw*C + c] = x[n, c, hp - pt, ow*sw + kw - pl]:
 * each output pixel's row holds its kw taps, so K = kw * C. */
static MlirValue padded_input(g2t_t *g, const g2t_conv_shape_t *s, const g2t_conv_shape_t *fold,
                              MlirValue x, MlirType elem) {
  int64_t hp = (s->oh - 1) * s->sh + s->kh, wp = (s->ow - 1) * s->sw + s->kw;
  int64_t dims[5] = {s->n, hp, s->sw, ceil_div(wp, s->sw), s->c};
  char name[64];
  snprintf(name, sizeof name, "%s_input", g->op_name);
  g2t_compute_t c = g2t_compute_begin(g, name, tensor_type(5, dims, elem), NULL, 0, NULL, NULL,
                                      NULL, mlirAttributeGetNull());
  strata_builder_t *b = &c.in;
  MlirValue zero = strata_build_index(b, 0);
  MlirValue ih = g2t_iaddc(b, c.idx[1], -s->pt);
  MlirValue iw, ci = c.idx[4];
  if (fold) { /* iw = ow*sw + k / C - pl, c = k % C */
    MlirValue cn = strata_build_index(b, fold->c);
    iw = g2t_iadd(b, g2t_imulc(b, c.idx[3], fold->sw), g2t_idiv(b, c.idx[4], cn));
    iw = g2t_iaddc(b, iw, -fold->pl);
    ci = g2t_irem(b, c.idx[4], cn);
  } else {
    iw = g2t_iaddc(b, g2t_iadd(b, g2t_imulc(b, c.idx[3], s->sw), c.idx[2]), -s->pl);
  }
  const g2t_conv_shape_t *in = fold ? fold : s;
  g2t_conv_guard_t at = {.n = c.idx[0], .c = ci, .ih = ih, .iw = iw, .zero = zero};
  return g2t_compute_end(&c, g2t_conv_padded_read(&c, x, &at, in->h, in->w, elem));
}

/* The f32 elements of a constant (arith.constant or graph.constant with a
 * dense or dense_resource value) defining v, in a new array; NULL if v is
 * not one. */
static float *constant_values(MlirValue v, int64_t count) {
  if (!mlirValueIsAOpResult(v))
    return NULL;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!strata_op_is(def, "arith.constant") && !strata_op_is(def, "graph.constant"))
    return NULL;
  MlirAttribute a = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a))
    return NULL;
  return strata_f32_attr_read(a, count);
}

/* wp as a constant, from constant weights; null value if wt is not one. */
static MlirValue packed_weight_constant(g2t_t *g, const g2t_conv_shape_t *s, MlirValue wt,
                                        int64_t bn, MlirType wp_type) {
  int64_t count = s->o * s->c * s->kh * s->kw;
  float *w = constant_values(wt, count);
  if (!w)
    return (MlirValue){NULL};
  float *p = malloc(sizeof(float) * (size_t)count);
  if (!p) {
    free(w);
    return (MlirValue){NULL};
  }
  /* p[ob, kh, kw, c, oi] = w[ob*bn + oi, c, kh, kw] */
  int64_t q = 0;
  for (int64_t ob = 0; ob < s->o / bn; ++ob)
    for (int64_t kh = 0; kh < s->kh; ++kh)
      for (int64_t kw = 0; kw < s->kw; ++kw)
        for (int64_t c = 0; c < s->c; ++c)
          for (int64_t oi = 0; oi < bn; ++oi)
            p[q++] = w[(((ob * bn + oi) * s->c + c) * s->kh + kh) * s->kw + kw];
  free(w);
  char name[64];
  snprintf(name, sizeof name, "%s_packed_weights", g->op_name);
  MlirAttribute value = strata_f32_attr_build(wp_type, count, p, name);
  MlirNamedAttribute attr = strata_named(g->ctx, "value", value);
  return strata_build_value(&g->b, "arith.constant", 0, NULL, wp_type, 1, &attr);
}

/* wp: the weights as K x bn panels (see the header). s is the shape the
 * product sees, w the weights' own (they differ when kw is folded into K:
 * then K = kw * C, k = kw*C + c, the same memory order as [kw, c]). */
static MlirValue packed_weights(g2t_t *g, const g2t_conv_shape_t *s, const g2t_conv_shape_t *w,
                                MlirValue wt, int64_t bn, MlirType elem) {
  int64_t dims[5] = {s->o / bn, s->kh, s->kw, s->c, bn};
  MlirType type = tensor_type(5, dims, elem);
  MlirValue k = packed_weight_constant(g, w, wt, bn, type);
  if (!mlirValueIsNull(k))
    return k;
  char name[64];
  snprintf(name, sizeof name, "%s_weights", g->op_name);
  g2t_compute_t c = g2t_compute_begin(g, name, type, NULL, 0, NULL, NULL, NULL,
                                      mlirAttributeGetNull());
  strata_builder_t *b = &c.in;
  MlirValue o = g2t_iadd(b, g2t_imulc(b, c.idx[0], bn), c.idx[4]);
  MlirValue ci = c.idx[3], kw = c.idx[2];
  if (w != s) {
    MlirValue cn = strata_build_index(b, w->c);
    kw = g2t_idiv(b, c.idx[3], cn);
    ci = g2t_irem(b, c.idx[3], cn);
  }
  MlirValue v = g2t_read(&c, wt, (MlirValue[]){o, ci, c.idx[1], kw});
  return g2t_compute_end(&c, v);
}

/* An integer attribute `name` of op, or `otherwise`. */
static int64_t int_attr_or(MlirOperation op, const char *name, int64_t otherwise) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a)
                                                                : otherwise;
}

/* The input-channel block of a layer whose weight panel (c x n floats,
 * read by every micro-kernel call) does not fit the L1 data cache: the
 * largest divisor of c, at least DIRECT_MIN_CHANNELS, whose icb x n panel
 * fills at most half of L1 (the rest holds the A rows and the C tile). 0
 * when the whole panel fits, or when L1's size is unknown. */
static int64_t l1_channel_block(const g2t_conv_shape_t *s, const strata_hwi_builtin_t *t) {
  int64_t l1 = strata_host_l1d_bytes(), row = t->n * (int64_t)sizeof(float);
  if (l1 <= 0 || s->c * row <= l1)
    return 0;
  for (int64_t icb = (l1 / 2) / row; icb >= DIRECT_MIN_CHANNELS; --icb)
    if (s->c % icb == 0)
      return icb;
  return 0;
}

/* The schedule of cv (see the header), parsed from text. With an input
 * channel block 0 < icb < c, the c reduction is split (r2.0, r2.1) and the
 * reductions (its blocks, then kh, kw) run outside the pixels: one icb x n
 * weight panel stays in L1 for every tile of the output-channel block, and
 * the weights are read from memory once per call of the layer (TVM's
 * ic_bn; without it, a 512-channel layer re-reads its 9.4 MB of weights
 * once per output row). */
static MlirAttribute direct_schedule(MlirContext ctx, const g2t_conv_shape_t *s,
                                     const strata_hwi_builtin_t *t, int64_t icb) {
  double flops = 2.0 * (double)(s->n * s->o * s->oh * s->ow) * (double)(s->c * s->kh * s->kw);
  char par[96] = "";
  if (flops >= (double)(1 << 20))
    snprintf(par, sizeof par, ", {prim = \"parallel\", axis = \"%s\"}",
             s->o / t->n >= 2 ? "d1" : "d2");
  char split_c[96] = "";
  const char *order = "\"d0\", \"d1\", \"d2\", \"d3.0\", \"r0\", \"r1\", \"d3.1\", \"d4\", \"r2\"";
  if (icb > 0 && icb < s->c) {
    snprintf(split_c, sizeof split_c,
             "{prim = \"split\", axis = \"r2\", factors = array<i64: %lld>}, ", (long long)icb);
    order = "\"d0\", \"d1\", \"r2.0\", \"r0\", \"r1\", \"d2\", \"d3.0\", \"d3.1\", \"d4\", "
            "\"r2.1\"";
  }
  char text[1024];
  snprintf(text, sizeof text,
           "[{prim = \"split\", axis = \"d3\", factors = array<i64: %lld>}, %s"
           "{prim = \"reorder\", order = [%s]}, "
           "{prim = \"tensorize\", axis = \"d3.1\", intrinsic = @%s}%s]",
           (long long)t->m, split_c, order, t->name, par);
  return mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text));
}

MlirValue g2t_conv2d_direct(g2t_t *g, const g2t_conv_shape_t *s, MlirValue x, MlirValue wt,
                            MlirType elem) {
  static const char *const algorithms[] = {"direct", "im2col", NULL};
  const char *forced = g2t_conv_forced_algorithm(g->op, "conv_algorithm", algorithms);
  if (forced && !strcmp(forced, "im2col"))
    return (MlirValue){NULL};
  /* Few input channels: fold kw into K (the product sees a kh x 1 kernel,
   * stride 1 along the row, on kw * C channels). */
  const g2t_conv_shape_t *orig = s, *fold = NULL;
  g2t_conv_shape_t folded = *s;
  if (s->c < DIRECT_MIN_CHANNELS && s->kw > 1) {
    folded.c = s->c * s->kw;
    folded.w = s->ow;
    folded.kw = folded.sw = 1;
    folded.pl = 0;
    s = &folded;
    fold = orig;
  }
  const strata_hwi_builtin_t *t = choose_tile(g->op, s);
  const g2t_conv_shape_t *q = orig;
  bool pointwise = q->kh == 1 && q->kw == 1 && q->sh == 1 && q->sw == 1 && q->pt == 0 &&
                   q->pl == 0 && q->oh * q->ow == q->h * q->w;
  int64_t min_k = fold ? FOLD_MIN_K : DIRECT_MIN_CHANNELS;
  if (!t || (!forced && (s->c < min_k || pointwise)))
    return (MlirValue){NULL};
  int64_t bn = t->n;
  MlirValue xp = padded_input(g, s, fold, x, elem);
  MlirValue wp = packed_weights(g, s, orig, wt, bn, elem);
  /* cv[n, ob, oh, ow, oi] = sum_{kh, kw, c} xp[..] * wp[..] */
  int64_t cv_dims[5] = {s->n, s->o / bn, s->oh, s->ow, bn};
  int64_t red[3] = {s->kh, s->kw, s->c};
  char name[64];
  snprintf(name, sizeof name, "%s_direct", g->op_name);
  g2t_compute_t c = g2t_compute_begin(g, name, tensor_type(5, cv_dims, elem), NULL, 3, red, NULL,
                                      "add", g2t_zero(elem));
  strata_builder_t *b = &c.in;
  MlirValue kh = c.idx[5], kw = c.idx[6], ci = c.idx[7];
  MlirValue hp = g2t_iadd(b, g2t_imulc(b, c.idx[2], s->sh), kh);
  MlirValue sw = strata_build_index(b, s->sw);
  MlirValue ph = g2t_irem(b, kw, sw);
  MlirValue wq = g2t_iadd(b, c.idx[3], g2t_idiv(b, kw, sw));
  MlirValue xv = g2t_read(&c, xp, (MlirValue[]){c.idx[0], hp, ph, wq, ci});
  MlirValue wv = g2t_read(&c, wp, (MlirValue[]){c.idx[1], kh, kw, ci, c.idx[4]});
  MlirValue cv = g2t_compute_end(&c, g2t_bin(b, "arith.mulf", xv, wv));
  int64_t icb = int_attr_or(g->op, "conv_icb", l1_channel_block(s, t));
  mlirOperationSetAttributeByName(c.op, mlirStringRefCreateFromCString("schedule"),
                                  direct_schedule(g->ctx, s, t, icb));
  /* out[n, o, oh, ow] = cv[n, o / bn, oh, ow, o % bn] */
  snprintf(name, sizeof name, "%s_nchw", g->op_name);
  g2t_compute_t u = g2t_compute_begin(g, name,
                                      tensor_type(4, (int64_t[]){s->n, s->o, s->oh, s->ow}, elem),
                                      NULL, 0, NULL, NULL, NULL, mlirAttributeGetNull());
  strata_builder_t *ub = &u.in;
  MlirValue bnv = strata_build_index(ub, bn);
  MlirValue v = g2t_read(&u, cv, (MlirValue[]){u.idx[0], g2t_idiv(ub, u.idx[1], bnv), u.idx[2],
                                                u.idx[3], g2t_irem(ub, u.idx[1], bnv)});
  return g2t_compute_end(&u, v);
}
