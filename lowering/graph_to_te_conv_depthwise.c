/* convert-graph-to-te: depthwise convolutions on flattened padded planes
 * (docs/convolution.md, "Depthwise planes").
 *
 * A 2-D NCHW depthwise convolution (groups = C = O, one input channel per
 * group, dilation 1, static fp32) on small planes wastes most of a vector
 * row on the window-reduction path: a 7-pixel row on 16 lanes, with the
 * padding checked per lane. Here each channel's padded plane is one
 * contiguous row, and the output is computed on the padded width:
 *
 *   xp[n, c, ph, pw, r, q] = x[n, c, r*sh + ph - pt, q*sw + pw - pl]
 *                            (0 in the padding): the input padded, each
 *                            plane split into its sh x sw stride phases;
 *   acc[n, c, j]           = sum_{kh, kw} xf[n, c, kh % sh, kw % sw,
 *                            j + (kh / sh) * Wq + kw / sw] * w[c, 0, kh, kw]
 *                            with xf = xp viewed as [n, c, sh, sw, R * Wq],
 *                            j = oh * Wq + ow, Wq = OW + (KW - 1) / sw;
 *   out[n, c, oh, ow]      = acc[n, c, oh * Wq + ow] (the bias and the ops
 *                            fused after the conv merge into this pass).
 *
 * For every tap the lanes of acc read consecutive elements of one phase
 * plane at a constant offset: a plain vector load, no mask, no per-lane
 * padding check; the Wq - OW columns past each output row are computed and
 * never read. acc's length is OH * Wq rounded up to the vector width, and
 * xp has the rows (R) that its reads reach. acc's schedule (from here):
 *
 *   split d2 [lanes]; reorder [d0, d1, d2.0, r0, r1, d2.1];
 *   vectorize d2.1; unroll r0, r1; parallel d1 (channels, from
 *   PLANE_PARALLEL_MIN_ITERATIONS multiply-adds)
 *
 * so each vector's accumulators stay in registers over the unrolled taps.
 * Chosen (g2t_conv2d_depthwise returns null otherwise: the caller keeps
 * the window reduction with vector rows) at stride 1 when the output row
 * is shorter than PLANE_MAX_OW. Strided layers compute correctly here
 * but are not chosen: the phase split of xp reads x at a stride, under
 * the padding guard, which the loop vectorizer leaves scalar (MobileNetV2's
 * 144-channel 56 -> 28 copy took 0.29 ms, the rows kernel 0.25 ms for the
 * whole layer). The graph op's discardable attribute
 * `depthwise_algorithm` = "plane" | "rows" overrides the choice. */
#include "lowering/graph_to_te_conv_depthwise.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/hwi/hwi_catalog.h"

/* Output rows below this width take the plane kernel (see the header):
 * on MobileNetV2's 56x56 and 112x112 layers the copy's extra pass and an
 * accumulator row larger than L1 cost more than the masks it saves
 * (docs/convolution.md, "Depthwise planes"). */
enum { PLANE_MAX_OW = 32, PLANE_MAX_TAPS = 16, PLANE_MAX_ROW_LANES = 64 };

/* The channel loops run in parallel from this many multiply-adds (as the
 * window reduction's rows, te_row_vectors.c): below it a thread team
 * costs more than the layer. */
#define PLANE_PARALLEL_MIN_ITERATIONS 262144.0

static MlirType tensor_type(intptr_t rank, const int64_t *dims, MlirType elem) {
  return mlirRankedTensorTypeGet(rank, dims, elem, mlirAttributeGetNull());
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* xp's schedule: each padded row (wq elements) a vector, the padding
 * masked (the loop vectorizer's guarded loads), rows longer than
 * PLANE_MAX_ROW_LANES split by the host's lanes; channels in parallel.
 * Left to te-default-schedule, the copy was a scalar select per element:
 * 0.40 ms for MobileNetV2's 144-channel 56 -> 28 layer, against 0.13 ms
 * for the convolution itself. */
static MlirAttribute pad_schedule(MlirContext ctx, int64_t wq, int64_t lanes, bool parallel) {
  const char *par = parallel ? ", {prim = \"parallel\", axis = \"d1\"}" : "";
  char text[384];
  if (wq <= PLANE_MAX_ROW_LANES)
    snprintf(text, sizeof text, "[{prim = \"vectorize\", axis = \"d5\"}%s]", par);
  else
    snprintf(text, sizeof text,
             "[{prim = \"split\", axis = \"d5\", factors = array<i64: %lld>}, "
             "{prim = \"vectorize\", axis = \"d5.1\"}%s]",
             (long long)lanes, par);
  return mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text));
}

/* xp: the padded input, phase-split, [n, c, sh, sw, rows, wq]. */
static MlirValue padded_planes(g2t_t *g, const g2t_conv_shape_t *s, MlirValue x, int64_t rows,
                               int64_t wq, int64_t lanes, bool parallel, MlirType elem) {
  int64_t dims[6] = {s->n, s->c, s->sh, s->sw, rows, wq};
  char name[64];
  snprintf(name, sizeof name, "%s_pad", g->op_name);
  g2t_compute_t c = g2t_compute_begin(g, name, tensor_type(6, dims, elem), NULL, 0, NULL, NULL,
                                      NULL, mlirAttributeGetNull());
  strata_builder_t *b = &c.in;
  MlirValue zero = strata_build_index(b, 0);
  MlirValue ih = g2t_iaddc(b, g2t_iadd(b, g2t_imulc(b, c.idx[4], s->sh), c.idx[2]), -s->pt);
  MlirValue iw = g2t_iaddc(b, g2t_iadd(b, g2t_imulc(b, c.idx[5], s->sw), c.idx[3]), -s->pl);
  g2t_conv_guard_t at = {.n = c.idx[0], .c = c.idx[1], .ih = ih, .iw = iw, .zero = zero};
  MlirValue r = g2t_compute_end(&c, g2t_conv_padded_read(&c, x, &at, s->h, s->w, elem));
  mlirOperationSetAttributeByName(c.op, mlirStringRefCreateFromCString("schedule"),
                                  pad_schedule(g->ctx, wq, lanes, parallel));
  return r;
}

/* acc's schedule (see the header), parsed from text. */
static MlirAttribute plane_schedule(MlirContext ctx, const g2t_conv_shape_t *s, int64_t lanes,
                                    bool parallel) {
  char text[512];
  snprintf(text, sizeof text,
           "[{prim = \"split\", axis = \"d2\", factors = array<i64: %lld>}, "
           "{prim = \"reorder\", order = [\"d0\", \"d1\", \"d2.0\", \"r0\", \"r1\", \"d2.1\"]}, "
           "{prim = \"vectorize\", axis = \"d2.1\"}, "
           "{prim = \"unroll\", axis = \"r1\", factor = %lld : i64}, "
           "{prim = \"unroll\", axis = \"r0\", factor = %lld : i64}%s]",
           (long long)lanes, (long long)s->kw, (long long)s->kh,
           parallel ? ", {prim = \"parallel\", axis = \"d1\"}" : "");
  return mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text));
}

MlirValue g2t_conv2d_depthwise(g2t_t *g, const g2t_conv_shape_t *s, MlirValue x, MlirValue wt,
                               MlirType elem) {
  static const char *const algorithms[] = {"plane", "rows", NULL};
  const char *forced = g2t_conv_forced_algorithm(g->op, "depthwise_algorithm", algorithms);
  if (forced && !strcmp(forced, "rows"))
    return (MlirValue){NULL};
  const strata_hwi_builtin_t *t = strata_hwi_builtin_for_target("host");
  if (!t || t->vector_width < 2 || s->kh > PLANE_MAX_TAPS || s->kw > PLANE_MAX_TAPS ||
      (!forced && (s->ow >= PLANE_MAX_OW || s->sh != 1 || s->sw != 1)))
    return (MlirValue){NULL};
  int64_t lanes = t->vector_width;
  int64_t wq = s->ow + (s->kw - 1) / s->sw;
  int64_t len = ceil_div(s->oh * wq, lanes) * lanes;
  int64_t last = (len - 1) + ((s->kh - 1) / s->sh) * wq + (s->kw - 1) / s->sw;
  int64_t rows = ceil_div(last + 1, wq);
  bool parallel = (double)(s->n * s->c * len) * (double)(s->kh * s->kw) >=
                      PLANE_PARALLEL_MIN_ITERATIONS &&
                  s->c >= 2;
  MlirValue xp = padded_planes(g, s, x, rows, wq, lanes, parallel, elem);
  MlirValue xf = g2t_collapse(g, xp, (int64_t[]){s->n, s->c, s->sh, s->sw, rows * wq}, 5,
                              (const int64_t[]){1, 1, 1, 1, 2});
  /* acc[n, c, j] = sum_{kh, kw} xf[n, c, kh % sh, kw % sw, j + ..] * w[c, 0, kh, kw] */
  int64_t red[2] = {s->kh, s->kw};
  char name[64];
  snprintf(name, sizeof name, "%s", g->op_name);
  g2t_compute_t c =
      g2t_compute_begin(g, name, tensor_type(3, (int64_t[]){s->n, s->c, len}, elem), NULL, 2,
                        red, NULL, "add", g2t_zero(elem));
  strata_builder_t *b = &c.in;
  MlirValue kh = c.idx[3], kw = c.idx[4];
  MlirValue shv = strata_build_index(b, s->sh), swv = strata_build_index(b, s->sw);
  MlirValue off = g2t_iadd(b, g2t_imulc(b, g2t_idiv(b, kh, shv), wq), g2t_idiv(b, kw, swv));
  MlirValue xv = g2t_read(&c, xf, (MlirValue[]){c.idx[0], c.idx[1], g2t_irem(b, kh, shv),
                                                 g2t_irem(b, kw, swv), g2t_iadd(b, c.idx[2], off)});
  MlirValue wv = g2t_read(&c, wt, (MlirValue[]){c.idx[1], strata_build_index(b, 0), kh, kw});
  MlirValue acc = g2t_compute_end(&c, g2t_bin(b, "arith.mulf", xv, wv));
  mlirOperationSetAttributeByName(c.op, mlirStringRefCreateFromCString("schedule"),
                                  plane_schedule(g->ctx, s, lanes, parallel));
  /* out[n, c, oh, ow] = acc[n, c, oh * wq + ow] */
  snprintf(name, sizeof name, "%s_nchw", g->op_name);
  g2t_compute_t u = g2t_compute_begin(g, name,
                                      tensor_type(4, (int64_t[]){s->n, s->o, s->oh, s->ow}, elem),
                                      NULL, 0, NULL, NULL, NULL, mlirAttributeGetNull());
  strata_builder_t *ub = &u.in;
  MlirValue j = g2t_iadd(ub, g2t_imulc(ub, u.idx[2], wq), u.idx[3]);
  MlirValue v = g2t_read(&u, acc, (MlirValue[]){u.idx[0], u.idx[1], j});
  return g2t_compute_end(&u, v);
}
