/* convert-graph-to-te, reduction family: reduce_sum, reduce_mean,
 * reduce_max, reduce_min and reduce_prod over any set of axes, with or
 * without keepdims. One te.compute whose reduce axes are the reduced input
 * axes (ascending), combiner add/max/min/mul with init 0/-inf/+inf/1
 * (integer extremes for integer types); reduce_mean adds a second compute dividing by the number of
 * reduced elements. Dynamic reduced dims become dynamic reduce extents.
 * A keepdims f32 reduction of a static last axis of at least two host
 * vectors (LayerNorm's statistics) is reduced per vector lane first
 * (g2t_row_reduce, shared with softmax), then over the lanes.
 * g2t_divide_by (shared with global_avg_pool2d) builds that division.
 * argmax/argmin are two computes: the extreme along the axis (kept as a
 * dim of 1), then the first (min) or last (max) index whose element equals
 * it, or is NaN (a NaN is the extreme then, as numpy's argmax has it).
 * cumsum sums, for each output index i along the axis, the elements j with
 * j <= i (j < i exclusive; j >= i, j > i reversed): a reduce axis over the
 * whole axis whose out-of-range terms are 0. */
#include "lowering/graph_to_te.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/hwi/hwi_catalog.h"
#include "dialects/op_checks.h"
#include "strata/diagnostics.h"

MlirValue g2t_divide_by(g2t_t *g, const char *name, MlirValue src, const MlirValue *dims,
                        MlirValue count) {
  MlirType type = mlirValueGetType(src);
  MlirType t = mlirShapedTypeGetElementType(type);
  g2t_compute_t c = g2t_compute_begin(g, name, type, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue v = g2t_read(&c, src, c.idx);
  int64_t k;
  MlirValue n = strata_constant_int(count, &k) ? g2t_scalar(&c.in, t, (double)k)
                                               : g2t_index_to_elem(&c.in, count, t);
  MlirValue r = g2t_bin(&c.in, mlirTypeIsAFloat(t) ? "arith.divf" : "arith.divsi", v, n);
  return g2t_compute_end(&c, r);
}

int64_t g2t_row_lanes(MlirType t, const strata_graph_shape_t *xs, intptr_t axis) {
  const strata_hwi_builtin_t *tile = strata_hwi_builtin_for_target("host");
  int64_t w = tile ? tile->vector_width : 0, e = xs->dims[axis];
  if (!mlirTypeIsAF32(t) || axis != xs->rank - 1 || e == STRATA_GRAPH_DYN || w < 2 ||
      e % w != 0 || e / w < 2)
    return 0;
  return w;
}

/* One chain of scalar maxima (llvm.maximum, NaN-propagating, ~8
 * dependent instructions per element) took 1.2 ms for 12x128x128 softmax
 * scores on the Intel Xeon; per lane, 0.05 ms. */
MlirValue g2t_row_reduce(g2t_t *g, const char *name, const char *combiner, MlirAttribute init,
                         MlirValue src, const strata_graph_shape_t *xs, intptr_t axis,
                         MlirType ktype, const MlirValue *kdims, int64_t lanes) {
  MlirType t = mlirShapedTypeGetElementType(ktype);
  int64_t ext = xs->dims[axis] == STRATA_GRAPH_DYN ? -1 : xs->dims[axis];
  MlirValue edim = g2t_dim(g, src, axis), idx[STRATA_GRAPH_MAX_RANK];
  if (lanes > 0) {
    strata_graph_shape_t ls = *xs;
    ls.dims[axis] = lanes;
    int64_t steps = ext / lanes;
    char lname[64];
    snprintf(lname, sizeof lname, "%s_lanes", name);
    g2t_compute_t c = g2t_compute_begin(g, lname, g2t_tensor(&ls, t), kdims, 1, &steps, NULL,
                                        combiner, init);
    for (intptr_t i = 0; i < xs->rank; ++i)
      idx[i] = i == axis ? g2t_iadd(&c.in, g2t_imulc(&c.in, c.idx[xs->rank], lanes), c.idx[i])
                         : c.idx[i];
    src = g2t_compute_end(&c, g2t_read(&c, src, idx));
    ext = lanes;
  }
  g2t_compute_t c = g2t_compute_begin(g, name, ktype, kdims, 1, &ext, &edim, combiner, init);
  for (intptr_t i = 0; i < xs->rank; ++i)
    idx[i] = i == axis ? c.idx[xs->rank] : c.idx[i];
  return g2t_compute_end(&c, g2t_read(&c, src, idx));
}

MlirLogicalResult g2t_lower_reduce(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType t = mlirShapedTypeGetElementType(rtype);
  strata_graph_shape_t s = g2t_shape(x);
  int64_t axes[STRATA_GRAPH_MAX_RANK];
  intptr_t naxes = g2t_attr_i64s(g->op, "axes", axes, STRATA_GRAPH_MAX_RANK);
  bool keep = g2t_attr_bool(g->op, "keepdims");
  bool reduced[STRATA_GRAPH_MAX_RANK] = {0};
  for (intptr_t i = 0; i < naxes; ++i)
    if (axes[i] >= 0 && axes[i] < s.rank)
      reduced[axes[i]] = true;

  const char *combiner = "add";
  MlirAttribute init = g2t_zero(t);
  bool mean = !strcmp(g->op_name, "reduce_mean");
  if (!strcmp(g->op_name, "reduce_max")) {
    combiner = "max";
    init = g2t_lowest(t);
  } else if (!strcmp(g->op_name, "reduce_min")) {
    combiner = "min";
    init = g2t_highest(t);
  } else if (!strcmp(g->op_name, "reduce_prod")) {
    combiner = "mul";
    init = g2t_one(t);
  }

  /* result dims, reduce extents and the element count (for mean) */
  MlirValue dims[STRATA_GRAPH_MAX_RANK], red_dims[STRATA_GRAPH_MAX_RANK];
  int64_t extents[STRATA_GRAPH_MAX_RANK];
  intptr_t nout = 0, nred = 0;
  MlirValue count = strata_build_index(&g->b, 1);
  for (intptr_t i = 0; i < s.rank; ++i) {
    if (reduced[i]) {
      MlirValue d = g2t_dim(g, x, i);
      extents[nred] = s.dims[i] == STRATA_GRAPH_DYN ? -1 : s.dims[i];
      red_dims[nred++] = d;
      if (mean)
        count = g2t_imul(&g->b, count, d);
      if (keep)
        dims[nout++] = (MlirValue){NULL};
    } else {
      dims[nout] = mlirShapedTypeIsDynamicDim(rtype, nout) ? g2t_dim(g, x, i)
                                                            : (MlirValue){NULL};
      ++nout;
    }
  }

  /* keepdims over the last axis only (LayerNorm's mean and variance): per
   * vector lane first, then the lanes */
  bool last_only = keep && naxes == 1 && s.rank >= 1 && reduced[s.rank - 1];
  int64_t lanes = last_only && strcmp(combiner, "mul") ? g2t_row_lanes(t, &s, s.rank - 1) : 0;
  if (lanes > 0) {
    MlirValue sum = g2t_row_reduce(g, mean ? "reduce_mean_sum" : g->op_name, combiner, init, x, &s,
                                   s.rank - 1, rtype, dims, lanes);
    *out = mean ? g2t_divide_by(g, "reduce_mean", sum, dims, count) : sum;
    return mlirLogicalResultSuccess();
  }
  g2t_compute_t c = g2t_compute_begin(g, mean ? "reduce_mean_sum" : g->op_name, rtype, dims,
                                      nred, extents, red_dims, combiner, init);
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  intptr_t sp = 0, rd = 0;
  for (intptr_t i = 0; i < s.rank; ++i) {
    if (reduced[i]) {
      idx[i] = c.idx[c.rank + rd++];
      if (keep)
        ++sp;
    } else {
      idx[i] = c.idx[sp++];
    }
  }
  MlirValue sum = g2t_compute_end(&c, g2t_read(&c, x, idx));
  if (!mean) {
    *out = sum;
    return mlirLogicalResultSuccess();
  }
  *out = g2t_divide_by(g, "reduce_mean", sum, dims, count);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_arg_reduce(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType t = g2t_elem(x), i64 = mlirIntegerTypeGet(g->ctx, 64);
  strata_graph_shape_t s = g2t_shape(x);
  intptr_t axis = (intptr_t)g2t_attr_int(g->op, "axis");
  bool keep = g2t_attr_bool(g->op, "keepdims"), last = g2t_attr_bool(g->op, "select_last_index");
  bool is_max = !strcmp(g->op_name, "argmax");
  char name[32];

  /* the extreme along the axis, keepdims */
  strata_graph_shape_t ks = s;
  ks.dims[axis] = 1;
  MlirValue kdims[STRATA_GRAPH_MAX_RANK], rdims[STRATA_GRAPH_MAX_RANK];
  intptr_t nout = 0;
  for (intptr_t i = 0; i < s.rank; ++i) {
    kdims[i] = i == axis ? (MlirValue){NULL} : g2t_dim(g, x, i);
    if (i != axis)
      rdims[nout++] = kdims[i];
    else if (keep)
      rdims[nout++] = (MlirValue){NULL};
  }
  int64_t extent = s.dims[axis] == STRATA_GRAPH_DYN ? -1 : s.dims[axis];
  MlirValue extent_dim = g2t_dim(g, x, axis);
  snprintf(name, sizeof name, "%s_%s", g->op_name, is_max ? "max" : "min");
  g2t_compute_t c = g2t_compute_begin(g, name, g2t_tensor(&ks, t), kdims, 1, &extent,
                                      &extent_dim, is_max ? "max" : "min",
                                      is_max ? g2t_lowest(t) : g2t_highest(t));
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < s.rank; ++i)
    idx[i] = i == axis ? c.idx[c.rank] : c.idx[i];
  MlirValue extreme = g2t_compute_end(&c, g2t_read(&c, x, idx));

  /* the first (combiner min) or last (max) index matching it; every row
   * has one, so the init is never the result */
  MlirAttribute no_match = mlirIntegerAttrGet(i64, last ? -1 : INT64_MAX);
  c = g2t_compute_begin(g, g->op_name, rtype, rdims, 1, &extent, &extent_dim,
                        last ? "max" : "min", no_match);
  strata_builder_t *b = &c.in;
  MlirValue kidx[STRATA_GRAPH_MAX_RANK];
  intptr_t sp = 0;
  for (intptr_t i = 0; i < s.rank; ++i) {
    if (i == axis) {
      idx[i] = c.idx[c.rank];
      kidx[i] = strata_build_index(b, 0);
      sp += keep;
    } else {
      idx[i] = kidx[i] = c.idx[sp++];
    }
  }
  MlirValue v = g2t_read(&c, x, idx), m = g2t_read(&c, extreme, kidx);
  MlirValue match;
  if (mlirTypeIsAFloat(t)) {
    MlirValue equal = g2t_cmpf(b, G2T_CMPF_OEQ, v, m);
    MlirValue nan = g2t_cmpf(b, G2T_CMPF_UNO, v, v);
    match = g2t_bin(b, "arith.ori", equal, nan);
  } else {
    match = g2t_cmpi(b, G2T_CMPI_EQ, v, m);
  }
  MlirValue k = g2t_cast(b, "arith.index_cast", c.idx[c.rank], i64);
  *out = g2t_compute_end(&c, g2t_select(b, match, k, g2t_const_attr(b, no_match)));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_cumsum(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType t = g2t_elem(x);
  strata_graph_shape_t s = g2t_shape(x);
  intptr_t axis = (intptr_t)g2t_attr_int(g->op, "axis");
  bool exclusive = g2t_attr_bool(g->op, "exclusive"), reverse = g2t_attr_bool(g->op, "reverse");
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  g2t_dims(g, x, dims);
  int64_t extent = s.dims[axis] == STRATA_GRAPH_DYN ? -1 : s.dims[axis];
  g2t_compute_t c = g2t_compute_begin(g, "cumsum", rtype, dims, 1, &extent, &dims[axis], "add",
                                      g2t_zero(t));
  strata_builder_t *b = &c.in;
  MlirValue i = c.idx[axis], j = c.idx[c.rank];
  /* j <= i is i >= j: compare (later, earlier) with sge/sgt */
  MlirValue later = reverse ? j : i, earlier = reverse ? i : j;
  MlirValue counts = g2t_cmpi(b, exclusive ? G2T_CMPI_SGT : G2T_CMPI_SGE, later, earlier);
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  for (intptr_t d = 0; d < s.rank; ++d)
    idx[d] = d == axis ? j : c.idx[d];
  MlirValue v = g2t_read(&c, x, idx);
  *out = g2t_compute_end(&c, g2t_select(b, counts, v, g2t_scalar(b, t, 0)));
  return mlirLogicalResultSuccess();
}
