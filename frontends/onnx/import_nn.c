/* ONNX neural-network operators -> graph dialect: Conv (1-D through a
 * reshape to 2-D, auto_pad), ConvTranspose, Gemm (alpha/beta/transA/transB),
 * MatMul (2-D matmul, N-D batch_matmul, 1-D operands promoted), Det (the
 * Leibniz formula up to 4x4), pooling
 * (MaxPool, AveragePool, global pools), BatchNormalization (training mode:
 * batch statistics and running statistics by reductions),
 * LayerNormalization, InstanceNormalization and MeanVarianceNormalization
 * (decomposed into reductions), LRN (an avg_pool2d over channels), Softmax/LogSoftmax/Hardmax (with the
 * flatten-to-2-D semantics before opset 13). Resize/Upsample: import_resize.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

/* Outputs beyond the first that the mapping cannot produce. */
static bool only_first_output(onnx_node_t *n, const char *what) {
  if (onnx_num_outputs(n) > 1)
    return onnx_error(n, "the %s output is not supported", what);
  return true;
}

/* --- Windows (Conv, pools) ------------------------------------------------- */
typedef struct {
  int sd; /* spatial dims in the ONNX node: 1, 2 or 3 */
  int gd; /* spatial dims of the graph op: 2 (for 1-D and 2-D) or 3 */
  int64_t kernel[3], strides[3], pads[6], dil[3];
} window_t;

/* Reads kernel_shape (or kernel from the weight), strides, dilations, pads
 * and auto_pad for a node whose input x is [N, C, spatial...]. A 1-D window
 * becomes 2-D (a leading spatial dim of 1); 2-D and 3-D stay as they are. */
static bool read_window(onnx_node_t *n, MlirValue x, const int64_t *weight_kernel, window_t *w) {
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  if (s.rank < 3 || s.rank > 5)
    return onnx_error(n, "only 1-D, 2-D and 3-D %s is supported (input rank %lld)",
                      n->node->op_type, (long long)s.rank);
  int sd = w->sd = (int)s.rank - 2;
  w->gd = sd == 3 ? 3 : 2;
  int64_t k[3], st[3] = {1, 1, 1}, dl[3] = {1, 1, 1}, p[6] = {0, 0, 0, 0, 0, 0};
  int nk = onnx_attr_ints(n, "kernel_shape", k, 3);
  if (nk == -2)
    return false;
  if (nk < 0) {
    if (!weight_kernel)
      return onnx_error(n, "missing attribute 'kernel_shape'");
    memcpy(k, weight_kernel, sizeof(int64_t) * (size_t)sd);
  } else if (nk != sd) {
    return onnx_error(n, "kernel_shape has %d values, expected %d", nk, sd);
  }
  int ns = onnx_attr_ints(n, "strides", st, 3), nd = onnx_attr_ints(n, "dilations", dl, 3);
  int np = onnx_attr_ints(n, "pads", p, 6);
  if (ns == -2 || nd == -2 || np == -2)
    return false;
  if ((ns >= 0 && ns != sd) || (nd >= 0 && nd != sd) || (np >= 0 && np != 2 * sd))
    return onnx_error(n, "strides/dilations/pads do not match %d spatial dims", sd);
  char buf[32];
  const char *auto_pad = onnx_attr_string(n, "auto_pad", "NOTSET", buf, sizeof buf);
  if (!strcmp(auto_pad, "VALID")) {
    memset(p, 0, sizeof p);
  } else if (!strcmp(auto_pad, "SAME_UPPER") || !strcmp(auto_pad, "SAME_LOWER")) {
    for (int i = 0; i < sd; ++i) {
      int64_t in = s.dims[2 + i];
      if (in == STRATA_GRAPH_DYN)
        return onnx_error(n, "auto_pad %s needs static spatial dims", auto_pad);
      if (st[i] < 1 || dl[i] < 1 || k[i] < 1 || st[i] > INT32_MAX || dl[i] > INT32_MAX ||
          k[i] > INT32_MAX)
        return onnx_error(n, "kernel_shape, strides and dilations must be in [1, 2^31)");
      int64_t o = (in + st[i] - 1) / st[i];
      int64_t total = (o - 1) * st[i] + (k[i] - 1) * dl[i] + 1 - in;
      if (total < 0)
        total = 0;
      int64_t small = total / 2, big = total - small;
      bool upper = !strcmp(auto_pad, "SAME_UPPER");
      p[i] = upper ? small : big;
      p[sd + i] = upper ? big : small;
    }
  } else if (strcmp(auto_pad, "NOTSET")) {
    return onnx_error(n, "unsupported auto_pad '%s'", auto_pad);
  }
  /* ONNX pads: [x1_begin, x2_begin, ..., x1_end, x2_end, ...], as graph's
   * padding; a 1-D window gets a leading axis of size 1. */
  int lead = w->gd - sd;
  for (int i = 0; i < w->gd; ++i) {
    bool pad_axis = i < lead;
    w->kernel[i] = pad_axis ? 1 : k[i - lead];
    w->strides[i] = pad_axis ? 1 : st[i - lead];
    w->dil[i] = pad_axis ? 1 : dl[i - lead];
    w->pads[i] = pad_axis ? 0 : p[i - lead];
    w->pads[w->gd + i] = pad_axis ? 0 : p[sd + i - lead];
  }
  return true;
}

/* [N, C, W] -> [N, C, 1, W] for 1-D windows; identity otherwise. */
static MlirValue to_2d(onnx_node_t *n, MlirValue x) {
  strata_graph_shape_t s;
  if (mlirValueIsNull(x) || !onnx_shape(x, &s) || s.rank != 3)
    return x;
  int64_t d[4] = {s.dims[0], s.dims[1], 1, s.dims[2]};
  return onnx_reshape(n, x, 4, d);
}

/* Back from [N, C, 1, W] to [N, C, W] when the node was 1-D. */
static MlirValue from_2d(onnx_node_t *n, MlirValue y, const window_t *w) {
  strata_graph_shape_t s;
  if (mlirValueIsNull(y) || w->sd != 1 || !onnx_shape(y, &s))
    return y;
  int64_t d[3] = {s.dims[0], s.dims[1], s.dims[3]};
  return onnx_reshape(n, y, 3, d);
}

/* "graph.<base>2d" or "graph.<base>3d" for the window's graph rank. */
static const char *window_op(const window_t *w, const char *base, char *buf, size_t size) {
  snprintf(buf, size, "graph.%s%dd", base, w->gd);
  return buf;
}

/* Conv; on float16 / bfloat16 the operands are widened to f32 and the
 * result rounded once, as the ONNX reference's products (NumPy's half
 * matmul accumulates in float32) do: a sum rounded to 11 or 8 bits at every
 * term drifts by several ulps. */
static bool map_conv(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  /* inputs materialized in order (constants appear in the IR in that order) */
  MlirValue x = onnx_input(n, 0), w = onnx_input(n, 1);
  MlirValue bias = n->num_inputs > 2 && n->present[2] ? onnx_input(n, 2) : (MlirValue){NULL};
  MlirType t = mlirValueIsNull(x) ? (MlirType){NULL} : onnx_elem(x);
  if (mlirTypeIsNull(t) || !(mlirTypeIsAF16(t) || mlirTypeIsABF16(t)))
    return onnx_out(n, onnx_conv(n, x, w, bias));
  MlirType f32 = mlirF32TypeGet(n->ctx);
  MlirValue y = onnx_conv(n, onnx_cast_to(n, x, f32), onnx_cast_to(n, w, f32),
                          onnx_cast_to(n, bias, f32));
  return onnx_out(n, onnx_cast_to(n, y, t));
}

MlirValue onnx_conv(onnx_node_t *n, MlirValue x, MlirValue wt, MlirValue bias) {
  if (mlirValueIsNull(x) || mlirValueIsNull(wt))
    return (MlirValue){NULL};
  strata_graph_shape_t ws;
  onnx_shape(wt, &ws);
  window_t w;
  if (!read_window(n, x, ws.rank >= 3 ? ws.dims + 2 : NULL, &w))
    return (MlirValue){NULL};
  MlirValue ops[3] = {to_2d(n, x), to_2d(n, wt), bias};
  intptr_t nops = mlirValueIsNull(bias) ? 2 : 3;
  bool three = w.gd == 3;
  MlirNamedAttribute a[6] = {
      onnx_ints_attr(n, "strides", w.gd, w.strides),
      onnx_ints_attr(n, "padding", 2 * w.gd, w.pads), onnx_ints_attr(n, "dilation", w.gd, w.dil),
      onnx_i64_attr(n, "groups", onnx_attr_int(n, "group", 1)),
      onnx_str_attr(n, "data_layout", three ? "NCDHW" : "NCHW"),
      onnx_str_attr(n, "kernel_layout", three ? "OIDHW" : "OIHW")};
  char op[32];
  return from_2d(n, onnx_build(n, window_op(&w, "conv", op, sizeof op), nops, ops, NULL_TYPE, 6, a),
                 &w);
}

/* Det of [..., n, n] for n <= 4: the Leibniz formula, a signed sum over the
 * permutations p of the products of the elements [i, p(i)] (each a slice
 * of the last two dims), exact for any matrix (no pivoting). */
enum { DET_MAX_N = 4 };

static bool map_det(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  if (s.rank < 2 || s.dims[s.rank - 1] != s.dims[s.rank - 2] ||
      s.dims[s.rank - 1] == STRATA_GRAPH_DYN)
    return onnx_error(n, "Det needs static square matrices in the last two dims");
  int64_t size = s.dims[s.rank - 1];
  if (size < 1 || size > DET_MAX_N)
    return onnx_error(n, "Det of %lldx%lld matrices is not supported (at most %dx%d)",
                      (long long)size, (long long)size, DET_MAX_N, DET_MAX_N);
  MlirValue cell[DET_MAX_N][DET_MAX_N];
  for (int64_t i = 0; i < size; ++i)
    for (int64_t j = 0; j < size; ++j) {
      int64_t starts[STRATA_GRAPH_MAX_RANK] = {0}, ends[STRATA_GRAPH_MAX_RANK];
      int64_t steps[STRATA_GRAPH_MAX_RANK];
      for (intptr_t d = 0; d < s.rank; ++d)
        ends[d] = INT64_MAX, steps[d] = 1;
      starts[s.rank - 2] = i, ends[s.rank - 2] = i + 1;
      starts[s.rank - 1] = j, ends[s.rank - 1] = j + 1;
      MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", s.rank, starts),
                                 onnx_ints_attr(n, "ends", s.rank, ends),
                                 onnx_ints_attr(n, "steps", s.rank, steps)};
      cell[i][j] = onnx_reshape(n, onnx_build(n, "graph.slice", 1, &x, NULL_TYPE, 3, a),
                                s.rank - 2, s.dims);
    }
  /* permutations in lexicographic order, with their signs */
  int perm[DET_MAX_N];
  for (int i = 0; i < size; ++i)
    perm[i] = i;
  MlirValue det = {NULL};
  for (;;) {
    int inversions = 0;
    for (int i = 0; i < size; ++i)
      for (int j = i + 1; j < size; ++j)
        inversions += perm[i] > perm[j];
    MlirValue term = cell[0][perm[0]];
    for (int i = 1; i < size; ++i)
      term = onnx_binary(n, "graph.mul", term, cell[i][perm[i]]);
    if (mlirValueIsNull(det))
      det = inversions % 2 ? onnx_unary(n, "graph.neg", term) : term;
    else
      det = onnx_binary(n, inversions % 2 ? "graph.sub" : "graph.add", det, term);
    int k = (int)size - 2; /* next permutation */
    while (k >= 0 && perm[k] > perm[k + 1])
      --k;
    if (k < 0)
      break;
    int l = (int)size - 1;
    while (perm[l] < perm[k])
      --l;
    int t = perm[k];
    perm[k] = perm[l], perm[l] = t;
    for (int a = k + 1, b = (int)size - 1; a < b; ++a, --b)
      t = perm[a], perm[a] = perm[b], perm[b] = t;
  }
  return onnx_out(n, det);
}

/* ConvTranspose: 1-D (through 2-D with a leading spatial axis of 1), 2-D
 * and 3-D as graph.conv_transpose2d / conv_transpose3d. */
static bool map_conv_transpose(onnx_node_t *n) {
  if (!mlirContextIsRegisteredOperation(n->ctx,
                                        mlirStringRefCreateFromCString("graph.conv_transpose2d")))
    return onnx_error(n, "unsupported operator 'ConvTranspose'");
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue x = onnx_input(n, 0), wt = onnx_input(n, 1);
  strata_graph_shape_t xs, ws;
  onnx_shape(x, &xs);
  onnx_shape(wt, &ws);
  if (xs.rank < 3 || xs.rank > 5 || ws.rank != xs.rank)
    return onnx_error(n, "only 1-D, 2-D and 3-D ConvTranspose is supported (input rank %lld)",
                      (long long)xs.rank);
  /* gd graph spatial dims; a 1-D node's one axis is the last of two. */
  int sd = (int)xs.rank - 2, gd = sd == 3 ? 3 : 2, lead = gd - sd;
  int64_t st[3] = {1, 1, 1}, dl[3] = {1, 1, 1}, p[6] = {0}, op[3] = {0}, os[3] = {1, 1, 1},
          k[3] = {1, 1, 1}, in[3] = {1, 1, 1};
  for (int i = 0; i < sd; ++i) {
    in[lead + i] = xs.dims[2 + i];
    k[lead + i] = ws.dims[2 + i];
  }
  int64_t pads[6];
  int np;
  if (onnx_attr_ints(n, "kernel_shape", k + lead, sd) == -2 ||
      onnx_attr_ints(n, "strides", st + lead, sd) == -2 ||
      onnx_attr_ints(n, "dilations", dl + lead, sd) == -2 ||
      (np = onnx_attr_ints(n, "pads", pads, 2 * sd)) == -2 ||
      onnx_attr_ints(n, "output_padding", op + lead, sd) == -2)
    return false;
  for (int i = 0; np >= 0 && i < sd; ++i) {
    p[lead + i] = pads[i];
    p[gd + lead + i] = pads[sd + i];
  }
  int nos = onnx_attr_ints(n, "output_shape", os + lead, sd);
  if (nos == -2)
    return false;
  char buf[32];
  const char *auto_pad = onnx_attr_string(n, "auto_pad", "NOTSET", buf, sizeof buf);
  bool same = !strcmp(auto_pad, "SAME_UPPER") || !strcmp(auto_pad, "SAME_LOWER");
  if (nos == sd || same) {
    /* total_padding = stride*(in-1) + output_padding + ((k-1)*d+1) - out */
    for (int i = lead; i < gd; ++i) {
      if (in[i] == STRATA_GRAPH_DYN)
        return onnx_error(n, "output_shape/auto_pad need static spatial dims");
      int64_t o = nos == sd ? os[i] : in[i] * st[i];
      int64_t total = st[i] * (in[i] - 1) + op[i] + (k[i] - 1) * dl[i] + 1 - o;
      if (total < 0) {
        op[i] -= total; /* the output is larger: extend at the end */
        total = 0;
      }
      bool lower = !strcmp(auto_pad, "SAME_LOWER");
      p[i] = lower ? total - total / 2 : total / 2;
      p[gd + i] = total - p[i];
    }
  } else if (!strcmp(auto_pad, "VALID")) {
    memset(p, 0, sizeof p);
  }
  MlirValue ops[3] = {to_2d(n, x), to_2d(n, wt), onnx_input(n, 2)};
  intptr_t nops = n->num_inputs > 2 && n->present[2] ? 3 : 2;
  MlirNamedAttribute a[5] = {onnx_ints_attr(n, "strides", gd, st),
                             onnx_ints_attr(n, "padding", 2 * gd, p),
                             onnx_ints_attr(n, "dilation", gd, dl),
                             onnx_ints_attr(n, "output_padding", gd, op),
                             onnx_i64_attr(n, "groups", onnx_attr_int(n, "group", 1))};
  window_t w = {.sd = sd, .gd = gd};
  char name[32];
  return onnx_out(n, from_2d(n, onnx_build(n, window_op(&w, "conv_transpose", name, sizeof name),
                                           nops, ops, NULL_TYPE, 5, a),
                             &w));
}

/* MaxPool; its Indices output (1-D and 2-D) is graph.max_pool2d_indices:
 * flat indices over N, C, H, W (a 1-D input is [N, C, 1, W], the same
 * numbering), storage_order 0 row-major, 1 column-major. */
static bool map_max_pool(onnx_node_t *n) {
  if (!onnx_need_input(n, 0))
    return false;
  MlirValue x = onnx_input(n, 0);
  window_t w;
  if (!read_window(n, x, NULL, &w))
    return false;
  bool indices = onnx_num_outputs(n) > 1;
  if (indices && w.gd == 3)
    return onnx_error(n, "the Indices output of a 3-D MaxPool is not supported");
  int64_t order = onnx_attr_int(n, "storage_order", 0);
  if (order != 0 && order != 1)
    return onnx_error(n, "storage_order %lld is not 0 or 1", (long long)order);
  MlirValue x2 = to_2d(n, x);
  MlirNamedAttribute a[7] = {
      onnx_ints_attr(n, "kernel", w.gd, w.kernel), onnx_ints_attr(n, "strides", w.gd, w.strides),
      onnx_ints_attr(n, "padding", 2 * w.gd, w.pads), onnx_ints_attr(n, "dilation", w.gd, w.dil),
      onnx_bool_attr(n, "ceil_mode", onnx_attr_int(n, "ceil_mode", 0) != 0),
      onnx_str_attr(n, "layout", w.gd == 3 ? "NCDHW" : "NCHW"),
      onnx_i64_attr(n, "storage_order", order)};
  char op[32];
  if (!onnx_out(n, from_2d(n, onnx_build(n, window_op(&w, "max_pool", op, sizeof op), 1, &x2,
                                         NULL_TYPE, 6, a),
                           &w)))
    return false;
  if (!indices)
    return true;
  MlirValue z = from_2d(n, onnx_build(n, "graph.max_pool2d_indices", 1, &x2, NULL_TYPE, 7, a), &w);
  if (mlirValueIsNull(z))
    return false;
  onnx_set_output(n, 1, z);
  return true;
}

/* The sums (and, for an average, the element counts) of dilated windows
 * (import_pool.c), on float16 and bfloat16 in f32. */
static MlirValue dilated_pool(onnx_node_t *n, MlirValue x, const window_t *w, bool average,
                              bool count_include_pad) {
  MlirType t = onnx_elem(x);
  bool narrow = !mlirTypeIsNull(t) && (mlirTypeIsAF16(t) || mlirTypeIsABF16(t));
  MlirValue xw = narrow ? onnx_cast_to(n, x, mlirF32TypeGet(n->ctx)) : x, count;
  bool ceil_mode = onnx_attr_int(n, "ceil_mode", 0) != 0;
  MlirValue y = onnx_pool_window_sum(n, to_2d(n, xw), w->gd, w->kernel, w->strides, w->dil,
                                     w->pads, ceil_mode, count_include_pad,
                                     average ? &count : NULL);
  if (average)
    y = onnx_binary(n, "graph.div", y, count);
  return from_2d(n, narrow ? onnx_cast_to(n, y, t) : y, w);
}

static bool is_dilated(const window_t *w) {
  for (int i = 0; i < w->gd; ++i)
    if (w->dil[i] != 1)
      return true;
  return false;
}

MlirValue onnx_pool_sum(onnx_node_t *n, MlirValue x) {
  window_t w;
  if (mlirValueIsNull(x) || !read_window(n, x, NULL, &w))
    return (MlirValue){NULL};
  if (is_dilated(&w))
    return dilated_pool(n, x, &w, false, false);
  int64_t size;
  MlirValue avg = onnx_avg_pool(n, x, true, &size);
  return onnx_binary(n, "graph.mul", avg, onnx_splat_like(n, avg, (double)size));
}

MlirValue onnx_avg_pool(onnx_node_t *n, MlirValue x, bool count_include_pad,
                        int64_t *window_size) {
  window_t w;
  if (mlirValueIsNull(x) || !read_window(n, x, NULL, &w))
    return (MlirValue){NULL};
  if (is_dilated(&w))
    return dilated_pool(n, x, &w, true, count_include_pad);
  *window_size = 1;
  for (int i = 0; i < w.gd; ++i)
    *window_size *= w.kernel[i];
  MlirValue x2 = to_2d(n, x);
  MlirNamedAttribute a[6] = {
      onnx_ints_attr(n, "kernel", w.gd, w.kernel), onnx_ints_attr(n, "strides", w.gd, w.strides),
      onnx_ints_attr(n, "padding", 2 * w.gd, w.pads),
      onnx_bool_attr(n, "ceil_mode", onnx_attr_int(n, "ceil_mode", 0) != 0),
      onnx_bool_attr(n, "count_include_pad", count_include_pad),
      onnx_str_attr(n, "layout", w.gd == 3 ? "NCDHW" : "NCHW")};
  char op[32];
  return from_2d(n, onnx_build(n, window_op(&w, "avg_pool", op, sizeof op), 1, &x2, NULL_TYPE, 6, a),
                 &w);
}

static bool map_average_pool(onnx_node_t *n) {
  int64_t size;
  return onnx_need_input(n, 0) &&
         onnx_out(n, onnx_avg_pool(n, onnx_input(n, 0),
                                   onnx_attr_int(n, "count_include_pad", 0) != 0, &size));
}

/* Reduction over the spatial dims, keeping them as 1. */
static MlirValue reduce_spatial(onnx_node_t *n, const char *opname, MlirValue x) {
  intptr_t r = onnx_rank(x);
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 2; i < r; ++i)
    axes[i - 2] = i;
  return onnx_reduce(n, opname, x, r - 2, axes, true);
}

static bool map_global_average_pool(onnx_node_t *n) {
  if (!onnx_need_input(n, 0))
    return false;
  MlirValue x = onnx_input(n, 0);
  if (onnx_rank(x) < 3)
    return onnx_error(n, "the input needs rank >= 3");
  if (onnx_rank(x) != 4)
    return onnx_out(n, reduce_spatial(n, "graph.reduce_mean", x));
  MlirNamedAttribute a = onnx_str_attr(n, "layout", "NCHW");
  return onnx_out(n, onnx_build(n, "graph.global_avg_pool2d", 1, &x, NULL_TYPE, 1, &a));
}

static bool map_global_max_pool(onnx_node_t *n) {
  if (!onnx_need_input(n, 0))
    return false;
  MlirValue x = onnx_input(n, 0);
  if (onnx_rank(x) < 3)
    return onnx_error(n, "the input needs rank >= 3");
  return onnx_out(n, reduce_spatial(n, "graph.reduce_max", x));
}

/* --- Contractions ------------------------------------------------------- */
static MlirValue transpose2d(onnx_node_t *n, MlirValue x) {
  int64_t perm[2] = {1, 0};
  MlirNamedAttribute a = onnx_ints_attr(n, "perm", 2, perm);
  return onnx_build(n, "graph.transpose", 1, &x, NULL_TYPE, 1, &a);
}

static bool map_gemm(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue a = onnx_input(n, 0), b = onnx_input(n, 1);
  if (onnx_rank(a) != 2 || onnx_rank(b) != 2)
    return onnx_error(n, "Gemm needs 2-D A and B");
  bool ta = onnx_attr_int(n, "transA", 0), tb = onnx_attr_int(n, "transB", 0);
  double alpha = onnx_attr_float(n, "alpha", 1.0f), beta = onnx_attr_float(n, "beta", 1.0f);
  bool has_c = n->num_inputs > 2 && n->present[2];
  MlirValue c = has_c ? onnx_input(n, 2) : (MlirValue){NULL};
  if (ta)
    a = transpose2d(n, a);
  MlirValue y;
  if (tb) {
    /* B is [N, K]: exactly graph.dense's weight; fuse a [N] bias. */
    bool fuse = has_c && alpha == 1.0 && beta == 1.0 && onnx_rank(c) == 1;
    MlirValue ops[3] = {a, b, c};
    y = onnx_build(n, "graph.dense", fuse ? 3 : 2, ops, NULL_TYPE, 0, NULL);
    if (fuse)
      return onnx_out(n, y);
  } else {
    y = onnx_binary(n, "graph.matmul", a, b);
  }
  if (alpha != 1.0)
    y = onnx_binary(n, "graph.mul", y, onnx_splat_like(n, y, alpha));
  if (has_c) {
    if (beta != 1.0)
      c = onnx_binary(n, "graph.mul", c, onnx_splat_like(n, c, beta));
    y = onnx_binary(n, "graph.add", y, c);
  }
  return onnx_out(n, y);
}

static MlirValue prepend_ones(onnx_node_t *n, MlirValue x, intptr_t rank) {
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  if (s.rank >= rank)
    return x;
  int64_t d[STRATA_GRAPH_MAX_RANK];
  intptr_t k = rank - s.rank;
  for (intptr_t i = 0; i < k; ++i)
    d[i] = 1;
  memcpy(d + k, s.dims, sizeof(int64_t) * (size_t)s.rank);
  return onnx_reshape(n, x, rank, d);
}

/* MatMul; on float16 / bfloat16 the operands are widened to f32 and the
 * result rounded once, as for Conv (NumPy's half matmul accumulates in
 * float32). */
static bool map_matmul(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue a = onnx_input(n, 0), b = onnx_input(n, 1);
  MlirType t = mlirValueIsNull(a) ? (MlirType){NULL} : onnx_elem(a);
  if (mlirTypeIsNull(t) || !(mlirTypeIsAF16(t) || mlirTypeIsABF16(t)))
    return onnx_out(n, onnx_matmul(n, a, b));
  MlirType f32 = mlirF32TypeGet(n->ctx);
  MlirValue y = onnx_matmul(n, onnx_cast_to(n, a, f32), onnx_cast_to(n, b, f32));
  return onnx_out(n, onnx_cast_to(n, y, t));
}

/* Whether a's dims but the last (the rows of a 2-D product: their
 * product) hold at most one dynamic dim, and the last is static. */
static bool static_rows(const strata_graph_shape_t *s) {
  int ndyn = 0;
  for (intptr_t i = 0; i + 1 < s->rank; ++i)
    ndyn += s->dims[i] == STRATA_GRAPH_DYN;
  return ndyn <= 1 && s->rank >= 1 && s->dims[s->rank - 1] != STRATA_GRAPH_DYN;
}

/* [..., M, K] x [K, N] (a layer with a 2-D weight, as transformers' and
 * MLPs' MatMuls are) as one 2-D product [rows, K] x [K, N] between
 * reshapes: the weight is read in place, where a batch_matmul would need
 * it reshaped to [1, K, N], a copy of the whole weight per call. One
 * dynamic dim among a's rows (a symbolic sequence length) makes the rows
 * dynamic. */
static MlirValue matmul_rows(onnx_node_t *n, MlirValue a, const strata_graph_shape_t *as,
                             MlirValue b) {
  strata_graph_shape_t bs;
  onnx_shape(b, &bs);
  int64_t rows = 1, d2[2], dy[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i + 1 < as->rank; ++i) {
    rows = as->dims[i] == STRATA_GRAPH_DYN || rows == STRATA_GRAPH_DYN ? STRATA_GRAPH_DYN
                                                                       : rows * as->dims[i];
    dy[i] = as->dims[i];
  }
  d2[0] = rows;
  d2[1] = as->dims[as->rank - 1];
  dy[as->rank - 1] = bs.dims[1];
  MlirValue y = onnx_binary(n, "graph.matmul", onnx_reshape(n, a, 2, d2), b);
  return mlirValueIsNull(y) ? y : onnx_reshape(n, y, as->rank, dy);
}

MlirValue onnx_matmul(onnx_node_t *n, MlirValue a, MlirValue b) {
  if (mlirValueIsNull(a) || mlirValueIsNull(b))
    return (MlirValue){NULL};
  strata_graph_shape_t as, bs;
  onnx_shape(a, &as);
  onnx_shape(b, &bs);
  if (as.rank == 0 || bs.rank == 0) {
    onnx_error(n, "%s operands must have rank >= 1", n->node->op_type);
    return (MlirValue){NULL};
  }
  bool a_vec = as.rank == 1, b_vec = bs.rank == 1;
  if (a_vec) { /* [K] -> [1, K] */
    int64_t d[2] = {1, as.dims[0]};
    a = onnx_reshape(n, a, 2, d);
  }
  if (b_vec) { /* [K] -> [K, 1] */
    int64_t d[2] = {bs.dims[0], 1};
    b = onnx_reshape(n, b, 2, d);
  }
  intptr_t ra = onnx_rank(a), rb = onnx_rank(b);
  MlirValue y;
  strata_graph_shape_t s2;
  onnx_shape(a, &s2);
  if (ra == 2 && rb == 2) {
    y = onnx_binary(n, "graph.matmul", a, b);
  } else if (rb == 2 && static_rows(&s2)) {
    y = matmul_rows(n, a, &s2, b);
  } else {
    intptr_t r = ra > rb ? ra : rb;
    y = onnx_binary(n, "graph.batch_matmul", prepend_ones(n, a, r), prepend_ones(n, b, r));
  }
  if (mlirValueIsNull(y) || (!a_vec && !b_vec))
    return y;
  /* Drop the dims the 1-D operands added (M and/or N). */
  strata_graph_shape_t ys;
  onnx_shape(y, &ys);
  int64_t d[STRATA_GRAPH_MAX_RANK];
  intptr_t k = 0;
  for (intptr_t i = 0; i < ys.rank; ++i) {
    if ((a_vec && i == ys.rank - 2) || (b_vec && i == ys.rank - 1))
      continue;
    d[k++] = ys.dims[i];
  }
  return onnx_reshape(n, y, k, d);
}

/* --- Normalization -------------------------------------------------------- */
/* Training mode (opset 14+): Y normalized with the batch's statistics over
 * every axis but 1 (mean, biased variance; graph.batch_norm with them), and
 * the running statistics input * momentum + batch * (1 - momentum). */
static bool batch_norm_training(onnx_node_t *n) {
  MlirValue x = onnx_input(n, 0);
  int64_t rank = onnx_rank(x);
  if (rank < 2)
    return onnx_error(n, "the input has rank %lld, at least 2 is needed", (long long)rank);
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  intptr_t na = 0;
  for (int64_t i = 0; i < rank; ++i)
    if (i != 1)
      axes[na++] = i;
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  int64_t c = s.dims[1];
  MlirValue mean = onnx_reduce(n, "graph.reduce_mean", x, na, axes, true);
  MlirValue d = onnx_binary(n, "graph.sub", x, mean);
  MlirValue var = onnx_reduce(n, "graph.reduce_mean", onnx_binary(n, "graph.mul", d, d), na, axes,
                         false);
  mean = onnx_reshape(n, mean, 1, &c);
  MlirValue ops[5] = {x, onnx_input(n, 1), onnx_input(n, 2), mean, var};
  MlirNamedAttribute a[2] = {onnx_f32_attr(n, "epsilon", onnx_attr_float(n, "epsilon", 1e-5f)),
                             onnx_i64_attr(n, "axis", 1)};
  if (!onnx_out(n, onnx_build(n, "graph.batch_norm", 5, ops, NULL_TYPE, 2, a)))
    return false;
  double momentum = onnx_attr_float(n, "momentum", 0.9f);
  for (int i = 1; i < 3 && i < onnx_num_outputs(n); ++i) {
    MlirValue running = onnx_input(n, 2 + i), batch = i == 1 ? mean : var;
    MlirValue r = onnx_binary(
        n, "graph.add", onnx_binary(n, "graph.mul", running, onnx_splat_like(n, running, momentum)),
        onnx_binary(n, "graph.mul", batch, onnx_splat_like(n, batch, 1.0 - momentum)));
    if (mlirValueIsNull(r))
      return false;
    onnx_set_output(n, i, r);
  }
  return true;
}

static bool map_batch_norm(onnx_node_t *n) {
  for (int i = 0; i < 5; ++i)
    if (!onnx_need_input(n, i))
      return false;
  if (onnx_attr_int(n, "training_mode", 0)) {
    if (n->opset < 14)
      return onnx_error(n, "training_mode before opset 14 is not supported");
    return batch_norm_training(n);
  }
  if (n->opset < 9 && !onnx_attr_int(n, "spatial", 1))
    return onnx_error(n, "spatial = 0 is not supported");
  if (!only_first_output(n, "running statistics"))
    return false;
  MlirValue ops[5];
  for (int i = 0; i < 5; ++i)
    ops[i] = onnx_input(n, i);
  MlirNamedAttribute a[2] = {onnx_f32_attr(n, "epsilon", onnx_attr_float(n, "epsilon", 1e-5f)),
                             onnx_i64_attr(n, "axis", 1)};
  return onnx_out(n, onnx_build(n, "graph.batch_norm", 5, ops, NULL_TYPE, 2, a));
}

/* (x - mean) / sqrt(var + eps) with the mean and the biased variance over
 * `axes` (kept as dims of 1); the mean and the denominator are returned in
 * *mean_out and *std_out when these are not NULL. */
static MlirValue standardize(onnx_node_t *n, MlirValue x, intptr_t na, const int64_t *axes,
                             double eps, MlirValue *mean_out, MlirValue *std_out) {
  MlirValue mean = onnx_reduce(n, "graph.reduce_mean", x, na, axes, true);
  MlirValue d = onnx_binary(n, "graph.sub", x, mean);
  MlirValue var = onnx_reduce(n, "graph.reduce_mean", onnx_binary(n, "graph.mul", d, d), na, axes, true);
  MlirValue std = onnx_unary(n, "graph.sqrt",
                             onnx_binary(n, "graph.add", var, onnx_splat_like(n, var, eps)));
  if (mean_out)
    *mean_out = mean;
  if (std_out)
    *std_out = std;
  return onnx_binary(n, "graph.div", d, std);
}

/* y = (x - mean) / sqrt(var + eps) * scale + bias over axes [axis, rank). */
static bool map_layer_norm(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue x = onnx_input(n, 0);
  int64_t rank = onnx_rank(x), axis;
  if (!onnx_axis(n, onnx_attr_int(n, "axis", -1), rank, &axis))
    return false;
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  for (int64_t i = axis; i < rank; ++i)
    axes[i - axis] = i;
  intptr_t na = (intptr_t)(rank - axis);
  MlirValue mean, std;
  MlirValue y = onnx_binary(n, "graph.mul",
                            standardize(n, x, na, axes, onnx_attr_float(n, "epsilon", 1e-5f),
                                        &mean, &std),
                            onnx_input(n, 1));
  if (n->num_inputs > 2 && n->present[2])
    y = onnx_binary(n, "graph.add", y, onnx_input(n, 2));
  if (mlirValueIsNull(y))
    return false;
  onnx_set_output(n, 0, y);
  if (onnx_num_outputs(n) > 1)
    onnx_set_output(n, 1, mean);
  if (onnx_num_outputs(n) > 2) {
    MlirValue inv = onnx_binary(n, "graph.div", onnx_splat_like(n, std, 1.0), std);
    if (mlirValueIsNull(inv))
      return false;
    onnx_set_output(n, 2, inv);
  }
  return true;
}

/* y = scale[c] * (x - mean) / sqrt(var + eps) + B[c], the statistics per
 * sample and channel (over the spatial dims). */
static bool map_instance_norm(onnx_node_t *n) {
  for (int i = 0; i < 3; ++i)
    if (!onnx_need_input(n, i))
      return false;
  MlirValue x = onnx_input(n, 0);
  intptr_t r = onnx_rank(x);
  if (r < 3)
    return onnx_error(n, "the input needs rank >= 3, got %lld", (long long)r);
  int64_t axes[STRATA_GRAPH_MAX_RANK], per_channel[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 2; i < r; ++i)
    axes[i - 2] = i;
  strata_graph_shape_t xs;
  onnx_shape(x, &xs);
  for (intptr_t i = 0; i < r - 1; ++i) /* [C, 1, ..., 1] broadcasts along axis 1 */
    per_channel[i] = i ? 1 : xs.dims[1];
  MlirValue scale = onnx_reshape(n, onnx_input(n, 1), r - 1, per_channel);
  MlirValue bias = onnx_reshape(n, onnx_input(n, 2), r - 1, per_channel);
  MlirValue y = standardize(n, x, r - 2, axes, onnx_attr_float(n, "epsilon", 1e-5f), NULL, NULL);
  return onnx_out(n, onnx_binary(n, "graph.add", onnx_binary(n, "graph.mul", y, scale), bias));
}

/* MeanVarianceNormalization: (x - mean) / sqrt(var + 1e-9) over `axes`
 * (default [0, 2, 3]), as its ONNX function body. */
static bool map_mean_variance_norm(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  intptr_t r = onnx_rank(x);
  int64_t axes[STRATA_GRAPH_MAX_RANK] = {0, 2, 3};
  int na = onnx_attr_ints(n, "axes", axes, STRATA_GRAPH_MAX_RANK);
  if (na == -2)
    return false;
  if (na < 0)
    na = 3;
  for (int i = 0; i < na; ++i)
    if (!onnx_axis(n, axes[i], r, &axes[i]))
      return false;
  return onnx_out(n, standardize(n, x, na, axes, 1e-9, NULL, NULL));
}

/* LRN: x / (bias + alpha / size * sum of x^2 over the channels
 * [c - floor((size-1)/2), c + ceil((size-1)/2)])^beta. The channel window
 * sum is an avg_pool2d of x^2 viewed as [N, 1, C, spatial] with kernel
 * [size, 1] and zero padding counted (the divisor is always size). */
static bool map_lrn(onnx_node_t *n) {
  strata_graph_shape_t s;
  MlirValue x = onnx_in0_shape(n, &s);
  if (mlirValueIsNull(x))
    return false;
  if (s.rank < 3)
    return onnx_error(n, "the input needs rank >= 3, got %lld", (long long)s.rank);
  int64_t spatial = 1;
  for (intptr_t i = 1; i < s.rank; ++i) {
    if (s.dims[i] == STRATA_GRAPH_DYN)
      return onnx_error(n, "LRN with dynamic dims other than N is not supported");
    spatial *= i > 1 ? s.dims[i] : 1;
  }
  int64_t size = onnx_attr_int(n, "size", 0);
  if (size < 1)
    return onnx_error(n, "size must be >= 1, got %lld", (long long)size);
  double alpha = onnx_attr_float(n, "alpha", 1e-4f), beta = onnx_attr_float(n, "beta", 0.75f);
  double bias = onnx_attr_float(n, "bias", 1.0f);
  int64_t view[4] = {s.dims[0], 1, s.dims[1], spatial};
  MlirValue sq = onnx_reshape(n, onnx_binary(n, "graph.mul", x, x), 4, view);
  int64_t kernel[2] = {size, 1}, strides[2] = {1, 1};
  int64_t padding[4] = {(size - 1) / 2, 0, size / 2, 0}; /* top, left, bottom, right */
  MlirNamedAttribute a[6] = {onnx_ints_attr(n, "kernel", 2, kernel),
                             onnx_ints_attr(n, "strides", 2, strides),
                             onnx_ints_attr(n, "padding", 4, padding),
                             onnx_bool_attr(n, "ceil_mode", false),
                             onnx_bool_attr(n, "count_include_pad", true),
                             onnx_str_attr(n, "layout", "NCHW")};
  MlirValue mean = onnx_build(n, "graph.avg_pool2d", 1, &sq, NULL_TYPE, 6, a);
  MlirValue base = onnx_binary(n, "graph.add", onnx_splat_like(n, mean, bias),
                               onnx_binary(n, "graph.mul", mean, onnx_splat_like(n, mean, alpha)));
  MlirValue den = onnx_binary(n, "graph.pow", base, onnx_splat_like(n, base, beta));
  return onnx_out(n, onnx_binary(n, "graph.div", x, onnx_reshape(n, den, s.rank, s.dims)));
}

/* log_softmax along axis, stably: s = x - max; s - log(sum(exp(s))). */
MlirValue onnx_log_softmax(onnx_node_t *n, MlirValue x, int64_t axis) {
  MlirValue m = onnx_reduce(n, "graph.reduce_max", x, 1, &axis, true);
  MlirValue s = onnx_binary(n, "graph.sub", x, m);
  MlirValue sum = onnx_reduce(n, "graph.reduce_sum", onnx_unary(n, "graph.exp", s), 1, &axis, true);
  MlirValue l = onnx_unary(n, "graph.log", sum);
  return onnx_binary(n, "graph.sub", s, l);
}

/* hardmax along axis: 1 at the first maximum, 0 elsewhere, as
 * cast(iota == argmax(x, keepdims)); the axis must be static. */
static MlirValue hardmax(onnx_node_t *n, MlirValue x, int64_t axis) {
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  if (s.dims[axis] == STRATA_GRAPH_DYN) {
    onnx_error(n, "Hardmax along a dynamic dim is not supported");
    return (MlirValue){NULL};
  }
  MlirNamedAttribute a[3] = {onnx_i64_attr(n, "axis", axis), onnx_bool_attr(n, "keepdims", true),
                             onnx_bool_attr(n, "select_last_index", false)};
  MlirValue first_max = onnx_build(n, "graph.argmax", 1, &x, NULL_TYPE, 3, a);
  MlirValue is_max = onnx_binary(n, "graph.equal", onnx_iota(n, s.rank, axis, s.dims[axis]),
                                 first_max);
  return onnx_cast_to(n, is_max, onnx_elem(x));
}

/* softmax of a float16 x along `axis`: exp(x - max) / sum, each step
 * rounded to float16 but the sum accumulated in f32 and rounded once, as the
 * ONNX reference computes it (NumPy's half sums accumulate in float32;
 * graph.softmax would sum in float16). */
MlirValue onnx_softmax_f16(onnx_node_t *n, MlirValue x, int64_t axis) {
  MlirValue m = onnx_reduce(n, "graph.reduce_max", x, 1, &axis, true);
  MlirValue e = onnx_unary(n, "graph.exp", onnx_binary(n, "graph.sub", x, m));
  MlirValue sum = onnx_reduce(n, "graph.reduce_sum", onnx_cast_to(n, e, mlirF32TypeGet(n->ctx)), 1,
                              &axis, true);
  return onnx_binary(n, "graph.div", e, onnx_cast_to(n, sum, onnx_elem(x)));
}

typedef enum { NORM_SOFTMAX, NORM_LOG_SOFTMAX, NORM_HARDMAX } norm_kind_t;

static bool softmax_common(onnx_node_t *n, norm_kind_t kind) {
  if (!onnx_need_input(n, 0))
    return false;
  MlirValue x = onnx_input(n, 0);
  int64_t rank = onnx_rank(x), axis;
  if (rank == 0)
    return onnx_error(n, "the input must have rank >= 1");
  bool old = n->opset < 13;
  if (!onnx_axis(n, onnx_attr_int(n, "axis", old ? 1 : -1), rank, &axis))
    return false;
  MlirValue v = x;
  int64_t a = axis;
  bool flattened = old && axis != rank - 1;
  if (flattened) {
    /* Before opset 13 the input is coerced to 2-D [prod(d[:axis]),
     * prod(d[axis:])] and normalized along the second dim. */
    MlirNamedAttribute fa = onnx_i64_attr(n, "axis", axis);
    v = onnx_build(n, "graph.flatten", 1, &v, NULL_TYPE, 1, &fa);
    a = 1;
  }
  MlirValue y;
  if (kind == NORM_LOG_SOFTMAX) {
    y = onnx_log_softmax(n, v, a);
  } else if (kind == NORM_HARDMAX) {
    y = hardmax(n, v, a);
  } else if (mlirTypeIsAF16(onnx_elem(v))) {
    y = onnx_softmax_f16(n, v, a);
  } else {
    MlirNamedAttribute sa = onnx_i64_attr(n, "axis", a);
    y = onnx_build(n, "graph.softmax", 1, &v, NULL_TYPE, 1, &sa);
  }
  if (flattened && !mlirValueIsNull(y))
    y = onnx_build(n, "graph.reshape", 1, &y, mlirValueGetType(x), 0, NULL);
  return onnx_out(n, y);
}

static bool map_softmax(onnx_node_t *n) { return softmax_common(n, NORM_SOFTMAX); }
static bool map_log_softmax(onnx_node_t *n) { return softmax_common(n, NORM_LOG_SOFTMAX); }
static bool map_hardmax(onnx_node_t *n) { return softmax_common(n, NORM_HARDMAX); }

const onnx_mapping_t strata_onnx_nn_ops[] = {
    {"Conv", map_conv},
    {"ConvTranspose", map_conv_transpose},
    {"MaxPool", map_max_pool},
    {"AveragePool", map_average_pool},
    {"GlobalAveragePool", map_global_average_pool},
    {"GlobalMaxPool", map_global_max_pool},
    {"Gemm", map_gemm},
    {"MatMul", map_matmul},
    {"BatchNormalization", map_batch_norm},
    {"LayerNormalization", map_layer_norm},
    {"Det", map_det},
    {"InstanceNormalization", map_instance_norm},
    {"LRN", map_lrn},
    {"MeanVarianceNormalization", map_mean_variance_norm},
    {"Softmax", map_softmax},
    {"LogSoftmax", map_log_softmax},
    {"Hardmax", map_hardmax},
    {NULL, NULL},
};
