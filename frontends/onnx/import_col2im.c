/* ONNX Col2Im for the ONNX importer: the columns [N, C * prod(block), L]
 * summed back into an image [N, C, image...] are a grouped transposed
 * convolution (groups C) of the columns reshaped to [N, C * K, L1, L2(, L3)]
 * (Li the blocks along image dim i) with a constant one-hot weight
 * [C * K, 1, block...] (column c * K + b puts its value at block offset b),
 * so graph.conv_transpose2d/3d does the sum with the node's strides,
 * dilations and pads; output_padding covers an image the last block does
 * not reach. A 1-D image goes through 2-D with a leading dim of 1. */
#include <stdlib.h>

#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

/* At most this many weight elements (C * K * K). */
enum { COL2IM_MAX_WEIGHTS = 1 << 24 };

/* The one-hot weight [ck, 1, block...] in x's element type. */
static MlirValue col2im_weight(onnx_node_t *n, MlirType elem, int64_t ck, int64_t k, int gd,
                               const int64_t *block) {
  bool f64 = mlirTypeIsAF64(elem);
  onnx_const_t c = {f64 ? ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE : ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT,
                    {2 + gd, {ck, 1}}, ck * k, NULL};
  for (int i = 0; i < gd; ++i)
    c.shape.dims[2 + i] = block[i];
  c.data = calloc((size_t)c.numel, f64 ? sizeof(double) : sizeof(float));
  if (!c.data) {
    onnx_error(n, "out of memory");
    return (MlirValue){NULL};
  }
  for (int64_t ch = 0; ch < ck; ++ch)
    onnx_const_set_f(&c, ch * k + ch % k, 1.0);
  MlirValue w = onnx_cast_to(n, onnx_constant(n->imp, &n->b, &c, NULL), elem);
  onnx_const_free(&c);
  return w;
}

static bool map_col2im(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !onnx_need_input(n, 1) || !onnx_need_input(n, 2))
    return false;
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  int64_t img[3], blk[3];
  int64_t ni = onnx_const_ints(n, 1, "image_shape", img, 3);
  int64_t nb = ni < 0 ? -1 : onnx_const_ints(n, 2, "block_shape", blk, 3);
  if (nb < 0)
    return false;
  if (ni < 1 || nb != ni)
    return onnx_error(n, "image_shape (%lld values) and block_shape (%lld) must have one value "
                         "per image dim (1 to 3)", (long long)ni, (long long)nb);
  int sd = (int)ni, gd = sd == 3 ? 3 : 2, lead = gd - sd;
  int64_t st[3] = {1, 1, 1}, dl[3] = {1, 1, 1}, pads[6] = {0}, p[6] = {0}, op[3] = {0};
  int64_t im[3] = {1, 1, 1}, k[3] = {1, 1, 1}, blocks[3] = {1, 1, 1};
  if (onnx_attr_ints(n, "strides", st + lead, sd) == -2 ||
      onnx_attr_ints(n, "dilations", dl + lead, sd) == -2 ||
      onnx_attr_ints(n, "pads", pads, 2 * sd) == -2)
    return false;
  int64_t kk = 1, l = 1;
  for (int i = 0; i < sd; ++i) {
    im[lead + i] = img[i], k[lead + i] = blk[i];
    p[lead + i] = pads[i], p[gd + lead + i] = pads[sd + i];
  }
  for (int i = 0; i < gd; ++i) {
    /* Bounds first: span and room are computed only from values that fit. */
    bool fits = im[i] >= 1 && k[i] >= 1 && st[i] >= 1 && dl[i] >= 1 && p[i] >= 0 &&
                p[gd + i] >= 0 && im[i] <= INT32_MAX && k[i] <= INT32_MAX &&
                st[i] <= INT32_MAX && dl[i] <= INT32_MAX && p[i] <= INT32_MAX &&
                p[gd + i] <= INT32_MAX;
    int64_t span = fits ? dl[i] * (k[i] - 1) + 1 : 0;
    int64_t room = fits ? im[i] + p[i] + p[gd + i] - span : -1;
    if (!fits || room < 0)
      return onnx_error(n, "image dim %d (%lld), its block (%lld), stride, dilation and pads "
                           "give no block",
                        i - lead, (long long)im[i], (long long)k[i]);
    blocks[i] = room / st[i] + 1;
    op[i] = room % st[i];
    kk *= k[i], l *= blocks[i];
  }
  if (s.rank != 3 || s.dims[1] == STRATA_GRAPH_DYN || s.dims[1] % kk ||
      (s.dims[2] != STRATA_GRAPH_DYN && s.dims[2] != l))
    return onnx_error(n, "input must be [N, C * %lld, %lld] (static C) for this image and block",
                      (long long)kk, (long long)l);
  if (s.dims[1] > COL2IM_MAX_WEIGHTS / kk)
    return onnx_error(n, "Col2Im of %lld columns of %lld elements is too large (not supported)",
                      (long long)s.dims[1], (long long)kk);
  int64_t ck = s.dims[1], c = ck / kk, dims[5] = {s.dims[0], ck};
  for (int i = 0; i < gd; ++i)
    dims[2 + i] = blocks[i];
  MlirValue ops[2] = {onnx_reshape(n, x, 2 + gd, dims),
                      col2im_weight(n, onnx_elem(x), ck, kk, gd, k)};
  MlirNamedAttribute a[5] = {onnx_ints_attr(n, "strides", gd, st),
                             onnx_ints_attr(n, "padding", 2 * gd, p),
                             onnx_ints_attr(n, "dilation", gd, dl),
                             onnx_ints_attr(n, "output_padding", gd, op),
                             onnx_i64_attr(n, "groups", c)};
  MlirValue y = onnx_build(n, gd == 3 ? "graph.conv_transpose3d" : "graph.conv_transpose2d", 2,
                           ops, NULL_TYPE, 5, a);
  int64_t out[5] = {s.dims[0], c};
  for (int i = 0; i < sd; ++i)
    out[2 + i] = img[i];
  return onnx_out(n, onnx_reshape(n, y, 2 + sd, out));
}

const onnx_mapping_t strata_onnx_col2im_ops[] = {
    {"Col2Im", map_col2im},
    {NULL, NULL},
};
