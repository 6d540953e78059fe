/* ONNX DeformConv (opset 19) -> graph ops: a 2-D convolution whose kernel
 * taps are read at positions moved by a learned offset, with bilinear
 * interpolation (zero outside the input), each tap scaled by an optional
 * mask. Inputs X [N, C, H, W], W [oC, C/group, kH, kW], offset
 * [N, G*kH*kW*2, oH, oW] (G = offset_group; per tap its (dh, dw)), B [oC]
 * and mask [N, G*kH*kW, oH, oW], both optional; attributes dilations,
 * group, kernel_shape, offset_group, pads, strides.
 *
 * Lowered as gather-then-product (the "deformable im2col" of the papers):
 *   pos  = offset + base, base the undeformed tap position
 *          (-pad + stride * o + dilation * k) per output pixel and tap;
 *   cols = graph.grid_sample(X, pos normalized to [-1, 1]) with the offset
 *          groups folded into the batch ([N*G, C/G, H, W] sampled on
 *          [N*G, K*oH, oW, 2], K = kH*kW; bilinear, zeros padding, which
 *          is the reference's own definition), times the mask;
 *   Y    = W [group, oC/group, C/group*K] x cols [N, group, C/group*K, oH*oW]
 *          (+ B), reshaped to [N, oC, oH, oW].
 * Positions are normalized as align_corners = 0 does, (2p + 1) / size - 1,
 * so a dim of size 1 needs no special case; float16 inputs are computed in
 * float32 and rounded once at the end. Shapes must be static. */
#include <stdlib.h>

#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

typedef struct {
  int64_t n, c, h, w;       /* X */
  int64_t oc, kh, kw;       /* W */
  int64_t oh, ow;           /* the output's spatial dims */
  int64_t group, og;        /* group, offset_group */
  int64_t pads[4], strides[2], dil[2];
} deform_t;

/* A float constant of `shape` holding v[0..numel) (in double), cast to elem. */
static MlirValue f_const(onnx_node_t *n, const strata_graph_shape_t *shape, const double *v,
                         MlirType elem) {
  int64_t numel = strata_graph_num_elements(shape);
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE, *shape, numel,
                    malloc(sizeof(double) * (size_t)(numel ? numel : 1))};
  if (!c.data) {
    onnx_error(n, "out of memory");
    return (MlirValue){NULL};
  }
  for (int64_t i = 0; i < numel; ++i)
    onnx_const_set_f(&c, i, v[i]);
  MlirValue r = onnx_cast_to(n, onnx_constant(n->imp, &n->b, &c, NULL), elem);
  onnx_const_free(&c);
  return r;
}

static MlirValue transpose(onnx_node_t *n, MlirValue x, intptr_t rank, const int64_t *perm) {
  MlirNamedAttribute a = onnx_ints_attr(n, "perm", rank, perm);
  return onnx_build(n, "graph.transpose", 1, &x, (MlirType){NULL}, 1, &a);
}

/* An attribute of two (or four, pads) ints, def when absent. */
static bool ints_attr(onnx_node_t *n, const char *name, int count, int64_t def, int64_t *out) {
  int got = onnx_attr_ints(n, name, out, count);
  if (got < 0) {
    for (int i = 0; i < count; ++i)
      out[i] = def;
    return true;
  }
  if (got != count)
    return onnx_error(n, "attribute '%s' must have %d values for a 2-D DeformConv, got %d", name,
                      count, got);
  return true;
}

/* Reads and checks the shapes and attributes. */
static bool read_params(onnx_node_t *n, MlirValue x, MlirValue w, MlirValue off, deform_t *p) {
  strata_graph_shape_t xs, ws, os;
  onnx_shape(x, &xs), onnx_shape(w, &ws), onnx_shape(off, &os);
  if (xs.rank != 4)
    return onnx_error(n, "only 2-D DeformConv (an input of rank 4) is supported, got rank %lld",
                      (long long)xs.rank);
  if (ws.rank != 4 || os.rank != 4)
    return onnx_error(n, "W and offset must have rank 4, got %lld and %lld", (long long)ws.rank,
                      (long long)os.rank);
  for (int i = 0; i < 4; ++i)
    if (xs.dims[i] == STRATA_GRAPH_DYN || ws.dims[i] == STRATA_GRAPH_DYN ||
        os.dims[i] == STRATA_GRAPH_DYN)
      return onnx_error(n, "DeformConv needs static shapes of X, W and offset");
  *p = (deform_t){xs.dims[0], xs.dims[1], xs.dims[2], xs.dims[3], ws.dims[0], ws.dims[2],
                  ws.dims[3], 0, 0, onnx_attr_int(n, "group", 1), onnx_attr_int(n, "offset_group", 1),
                  {0}, {0}, {0}};
  int64_t ks[2] = {p->kh, p->kw};
  if (!ints_attr(n, "kernel_shape", 2, 0, ks) || !ints_attr(n, "pads", 4, 0, p->pads) ||
      !ints_attr(n, "strides", 2, 1, p->strides) || !ints_attr(n, "dilations", 2, 1, p->dil))
    return false;
  if (onnx_attr(n, "kernel_shape") && (ks[0] != p->kh || ks[1] != p->kw))
    return onnx_error(n, "kernel_shape [%lld, %lld] differs from W's [%lld, %lld]",
                      (long long)ks[0], (long long)ks[1], (long long)p->kh, (long long)p->kw);
  for (int i = 0; i < 2; ++i)
    if (p->strides[i] < 1 || p->dil[i] < 1)
      return onnx_error(n, "strides and dilations must be positive");
  if (p->group < 1 || p->og < 1 || p->c % p->group || p->oc % p->group ||
      ws.dims[1] * p->group != p->c || p->c % p->og)
    return onnx_error(n, "group %lld and offset_group %lld do not divide X's %lld channels and "
                         "W [%lld, %lld, ...]", (long long)p->group, (long long)p->og,
                      (long long)p->c, (long long)p->oc, (long long)ws.dims[1]);
  p->oh = (p->h + p->pads[0] + p->pads[2] - (p->kh - 1) * p->dil[0] - 1) / p->strides[0] + 1;
  p->ow = (p->w + p->pads[1] + p->pads[3] - (p->kw - 1) * p->dil[1] - 1) / p->strides[1] + 1;
  if (p->oh < 1 || p->ow < 1)
    return onnx_error(n, "the kernel does not fit the padded input");
  if (os.dims[0] != p->n || os.dims[1] != p->og * p->kh * p->kw * 2 || os.dims[2] != p->oh ||
      os.dims[3] != p->ow)
    return onnx_error(n, "offset must be [%lld, %lld, %lld, %lld], got [%lld, %lld, %lld, %lld]",
                      (long long)p->n, (long long)(p->og * p->kh * p->kw * 2), (long long)p->oh,
                      (long long)p->ow, (long long)os.dims[0], (long long)os.dims[1],
                      (long long)os.dims[2], (long long)os.dims[3]);
  return true;
}

/* The sampling grid [N*G, K*oH, oW, 2] ((x, y), normalized) from offset. */
static MlirValue sampling_grid(onnx_node_t *n, const deform_t *p, MlirValue off, MlirType et) {
  int64_t k = p->kh * p->kw, hw = p->oh * p->ow;
  int64_t d6[6] = {p->n, p->og, k, 2, p->oh, p->ow};
  MlirValue pos = onnx_reshape(n, onnx_cast_to(n, off, et), 6, d6);
  /* base [1, 1, K, 2, oH, oW]: the tap's undeformed (h, w), as (2p+1)/size - 1
   * wants it: pos * 2/size + (1/size - 1) after adding the offset. */
  double *base = malloc(sizeof(double) * (size_t)(k * 2 * hw));
  if (!base) {
    onnx_error(n, "out of memory");
    return (MlirValue){NULL};
  }
  for (int64_t t = 0; t < k; ++t)
    for (int64_t i = 0; i < p->oh; ++i)
      for (int64_t j = 0; j < p->ow; ++j) {
        base[(t * 2 + 0) * hw + i * p->ow + j] =
            (double)(-p->pads[0] + p->strides[0] * i + p->dil[0] * (t / p->kw));
        base[(t * 2 + 1) * hw + i * p->ow + j] =
            (double)(-p->pads[1] + p->strides[1] * j + p->dil[1] * (t % p->kw));
      }
  strata_graph_shape_t bs = {6, {1, 1, k, 2, p->oh, p->ow}};
  pos = onnx_binary(n, "graph.add", pos, f_const(n, &bs, base, et));
  free(base);
  strata_graph_shape_t ss = {6, {1, 1, 1, 2, 1, 1}};
  double scale[2] = {2.0 / (double)p->h, 2.0 / (double)p->w};
  double shift[2] = {1.0 / (double)p->h - 1.0, 1.0 / (double)p->w - 1.0};
  pos = onnx_binary(n, "graph.add", onnx_binary(n, "graph.mul", pos, f_const(n, &ss, scale, et)),
                    f_const(n, &ss, shift, et));
  /* (h, w) -> (x, y), last: [N, G, K, oH, oW, 2] */
  int64_t st[6] = {0, 0, 0, 1, 0, 0}, en[6] = {p->n, p->og, k, 2, p->oh, p->ow};
  int64_t st0[6] = {0}, en0[6] = {p->n, p->og, k, 1, p->oh, p->ow}, steps[6] = {1, 1, 1, 1, 1, 1};
  MlirNamedAttribute a1[3] = {onnx_ints_attr(n, "starts", 6, st), onnx_ints_attr(n, "ends", 6, en),
                              onnx_ints_attr(n, "steps", 6, steps)};
  MlirNamedAttribute a0[3] = {onnx_ints_attr(n, "starts", 6, st0),
                              onnx_ints_attr(n, "ends", 6, en0), onnx_ints_attr(n, "steps", 6, steps)};
  MlirValue xy[2] = {onnx_build(n, "graph.slice", 1, &pos, (MlirType){NULL}, 3, a1),
                     onnx_build(n, "graph.slice", 1, &pos, (MlirType){NULL}, 3, a0)};
  MlirNamedAttribute ax = onnx_i64_attr(n, "axis", 3);
  pos = onnx_build(n, "graph.concat", 2, xy, (MlirType){NULL}, 1, &ax);
  int64_t perm[6] = {0, 1, 2, 4, 5, 3};
  int64_t dg[4] = {p->n * p->og, k * p->oh, p->ow, 2};
  return onnx_reshape(n, transpose(n, pos, 6, perm), 4, dg);
}

static bool map_deform_conv(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1) || !onnx_need_input(n, 2))
    return false;
  MlirValue x = onnx_input(n, 0), w = onnx_input(n, 1), off = onnx_input(n, 2);
  deform_t p;
  if (!read_params(n, x, w, off, &p))
    return false;
  MlirType elem = onnx_elem(x);
  MlirType et = mlirTypeIsAF64(elem) ? elem : mlirF32TypeGet(n->ctx);
  int64_t k = p.kh * p.kw, hw = p.oh * p.ow, cg = p.c / p.og;
  MlirValue grid = sampling_grid(n, &p, off, et);
  int64_t dx[4] = {p.n * p.og, cg, p.h, p.w};
  MlirValue xg = onnx_reshape(n, onnx_cast_to(n, x, et), 4, dx);
  MlirValue ops[2] = {xg, grid};
  MlirNamedAttribute a[3] = {onnx_str_attr(n, "mode", "bilinear"),
                             onnx_str_attr(n, "padding_mode", "zeros"),
                             onnx_bool_attr(n, "align_corners", false)};
  MlirValue cols = onnx_build(n, "graph.grid_sample", 2, ops, (MlirType){NULL}, 3, a);
  int64_t d5[5] = {p.n, p.og, cg, k, hw};
  cols = onnx_reshape(n, cols, 5, d5); /* [N, G, C/G, K, oH*oW] */
  if (n->num_inputs > 4 && n->present[4]) {
    int64_t dm[5] = {p.n, p.og, 1, k, hw};
    strata_graph_shape_t ms;
    onnx_shape(onnx_input(n, 4), &ms);
    if (strata_graph_num_elements(&ms) != p.n * p.og * k * hw)
      return onnx_error(n, "mask must be [%lld, %lld, %lld, %lld]", (long long)p.n,
                        (long long)(p.og * k), (long long)p.oh, (long long)p.ow);
    cols = onnx_binary(n, "graph.mul", cols,
                       onnx_reshape(n, onnx_cast_to(n, onnx_input(n, 4), et), 5, dm));
  }
  int64_t ckg = p.c / p.group * k;
  int64_t dc[4] = {p.n, p.group, ckg, hw}, dw[3] = {p.group, p.oc / p.group, ckg};
  MlirValue y = onnx_matmul(n, onnx_reshape(n, onnx_cast_to(n, w, et), 3, dw),
                            onnx_reshape(n, cols, 4, dc)); /* [N, group, oC/group, oH*oW] */
  int64_t dy[4] = {p.n, p.oc, p.oh, p.ow};
  y = onnx_reshape(n, y, 4, dy);
  if (n->num_inputs > 3 && n->present[3]) {
    int64_t db[4] = {1, p.oc, 1, 1};
    strata_graph_shape_t bs;
    onnx_shape(onnx_input(n, 3), &bs);
    if (strata_graph_num_elements(&bs) != p.oc)
      return onnx_error(n, "B must have %lld values (one per output channel)", (long long)p.oc);
    y = onnx_binary(n, "graph.add", y, onnx_reshape(n, onnx_cast_to(n, onnx_input(n, 3), et), 4, db));
  }
  return onnx_out(n, onnx_cast_to(n, y, elem));
}

const onnx_mapping_t strata_onnx_deform_conv_ops[] = {
    {"DeformConv", map_deform_conv},
    {NULL, NULL},
};
