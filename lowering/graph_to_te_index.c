/* convert-graph-to-te, indexing family: gather and gather_elements
 * (data-dependent reads:
 * the index read from `indices` is sign-extended to index, wrapped when
 * negative as ONNX does (i < 0 ? i + dim : i) and clamped into [0, dim) so
 * that te.read stays in bounds; gather_elements reads data at the output
 * index with the axis' index replaced so), scatter_elements (two computes:
 * per output index, a reduction over the updates along the axis of those
 * scattering there - their combination, or for "none" the last one's
 * position - then data combined with it or replaced) and expand (numpy broadcast of the input to
 * the result type's shape: dims of 1 and missing dims read 0). One
 * te.compute each (scatter_elements: two), without reduce axes but for
 * scatter_elements' first. */
#include "lowering/graph_to_te.h"

#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "strata/diagnostics.h"

/* indices[at] as an index into a dim of size `extent`: sign-extended,
 * wrapped when negative (i + extent) and clamped into [0, extent) (indices
 * out of range are invalid in ONNX; never read outside). */
static MlirValue read_index(g2t_t *g, g2t_compute_t *c, MlirValue indices, const MlirValue *at,
                            MlirValue extent) {
  strata_builder_t *b = &c->in;
  MlirValue v = g2t_read(c, indices, at);
  MlirValue k = g2t_cast(b, "arith.index_cast", v, g->index); /* sign-extends */
  MlirValue zero = strata_build_index(b, 0);
  MlirValue neg = g2t_cmpi(b, G2T_CMPI_SLT, k, zero);
  k = g2t_select(b, neg, g2t_bin(b, "arith.addi", k, extent), k);
  return g2t_imax(b, g2t_imin(b, k, g2t_iaddc(b, extent, -1)), zero);
}

MlirLogicalResult g2t_lower_gather(g2t_t *g, MlirValue *out) {
  MlirValue data = mlirOperationGetOperand(g->op, 0), ind = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  int64_t axis = g2t_attr_int(g->op, "axis");
  strata_graph_shape_t ds = g2t_shape(data), is = g2t_shape(ind);
  /* result = data[:axis] + indices + data[axis+1:] */
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  intptr_t r = 0;
  for (intptr_t i = 0; i < axis; ++i)
    dims[r++] = g2t_dim(g, data, i);
  for (intptr_t i = 0; i < is.rank; ++i)
    dims[r++] = g2t_dim(g, ind, i);
  for (intptr_t i = axis + 1; i < ds.rank; ++i)
    dims[r++] = g2t_dim(g, data, i);
  MlirValue extent = g2t_dim(g, data, axis);

  g2t_compute_t c = g2t_compute_begin(g, "gather", rtype, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue k = read_index(g, &c, ind, c.idx + axis, extent);
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < axis; ++i)
    idx[i] = c.idx[i];
  idx[axis] = k;
  for (intptr_t i = axis + 1; i < ds.rank; ++i)
    idx[i] = c.idx[i - 1 + is.rank];
  *out = g2t_compute_end(&c, g2t_read(&c, data, idx));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_gather_elements(g2t_t *g, MlirValue *out) {
  MlirValue data = mlirOperationGetOperand(g->op, 0), ind = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  intptr_t axis = (intptr_t)g2t_attr_int(g->op, "axis");
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  g2t_dims(g, ind, dims);
  MlirValue extent = g2t_dim(g, data, axis);
  g2t_compute_t c = g2t_compute_begin(g, "gather_elements", rtype, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < c.rank; ++i)
    idx[i] = c.idx[i];
  idx[axis] = read_index(g, &c, ind, c.idx, extent);
  *out = g2t_compute_end(&c, g2t_read(&c, data, idx));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_expand(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  strata_graph_shape_t xs = g2t_shape(x), rs;
  strata_graph_shape_from_type(rtype, &rs);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  int64_t info[STRATA_GRAPH_MAX_RANK];
  for (intptr_t o = 0; o < rs.rank; ++o) {
    intptr_t i = o - (rs.rank - xs.rank);
    info[o] = rs.dims[o];
    dims[o] = (MlirValue){NULL};
    if (rs.dims[o] != STRATA_GRAPH_DYN)
      continue;
    if (i < 0 || xs.dims[i] != STRATA_GRAPH_DYN)
      return strata_emit_error(g->op, "dynamic result dim %lld is not a dynamic dim of the input: "
                                      "not supported by convert-graph-to-te",
                               (long long)o);
    dims[o] = g2t_dim(g, x, i);
    info[o] = G2T_SAME_DIM;
  }
  g2t_compute_t c = g2t_compute_begin(g, "expand", rtype, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  g2t_broadcast_indices(g, &c, x, &xs, rs.rank, c.idx, info, idx);
  *out = g2t_compute_end(&c, g2t_read(&c, x, idx));
  return mlirLogicalResultSuccess();
}

/* Inside a compute over data's shape with one reduce axis r over updates'
 * `axis`: whether updates position j (the output index with j[axis] = r)
 * scatters to the output index, i.e. j lies inside updates (checked off
 * the axis only where updates may be smaller than data) and its
 * normalized index equals the output's index along the axis. Writes j,
 * clamped into updates, to `j`. `ind_dims` are indices' dims and `extent`
 * data's along the axis (built before the computes). */
static MlirValue scatter_match(g2t_t *g, g2t_compute_t *c, MlirValue data, MlirValue ind,
                               const MlirValue *ind_dims, MlirValue extent, intptr_t axis,
                               MlirValue *j) {
  strata_builder_t *b = &c->in;
  strata_graph_shape_t ds = g2t_shape(data), is = g2t_shape(ind);
  MlirValue inside = {NULL};
  for (intptr_t k = 0; k < c->rank; ++k) {
    j[k] = k == axis ? c->idx[c->rank] : c->idx[k];
    if (k == axis || (is.dims[k] != STRATA_GRAPH_DYN && is.dims[k] == ds.dims[k]))
      continue;
    MlirValue in_k = g2t_cmpi(b, G2T_CMPI_ULT, c->idx[k], ind_dims[k]);
    j[k] = g2t_select(b, in_k, c->idx[k], strata_build_index(b, 0));
    inside = mlirValueIsNull(inside) ? in_k : g2t_bin(b, "arith.andi", inside, in_k);
  }
  MlirValue target = read_index(g, c, ind, j, extent);
  MlirValue hit = g2t_cmpi(b, G2T_CMPI_EQ, target, c->idx[axis]);
  return mlirValueIsNull(inside) ? hit : g2t_bin(b, "arith.andi", inside, hit);
}

/* The arith op combining two values by a scatter reduction. */
static const char *combine_op(const char *reduction, bool is_float) {
  if (!strcmp(reduction, "add"))
    return is_float ? "arith.addf" : "arith.addi";
  if (!strcmp(reduction, "mul"))
    return is_float ? "arith.mulf" : "arith.muli";
  if (!strcmp(reduction, "max"))
    return is_float ? "arith.maximumf" : "arith.maxsi";
  return is_float ? "arith.minimumf" : "arith.minsi";
}

MlirLogicalResult g2t_lower_scatter_elements(g2t_t *g, MlirValue *out) {
  MlirValue data = mlirOperationGetOperand(g->op, 0), ind = mlirOperationGetOperand(g->op, 1);
  MlirValue upd = mlirOperationGetOperand(g->op, 2);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType t = g2t_elem(data), i64 = mlirIntegerTypeGet(g->ctx, 64);
  intptr_t axis = (intptr_t)g2t_attr_int(g->op, "axis");
  MlirStringRef rs = mlirStringAttrGetValue(g2t_attr(g->op, "reduction"));
  char reduction[8];
  snprintf(reduction, sizeof reduction, "%.*s", (int)rs.length, rs.data);
  bool replace = !strcmp(reduction, "none"), f = mlirTypeIsAFloat(t);
  strata_graph_shape_t ds = g2t_shape(data), is = g2t_shape(ind);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  g2t_dims(g, data, dims);
  int64_t extent = is.dims[axis] == STRATA_GRAPH_DYN ? -1 : is.dims[axis];
  MlirValue ind_dims[STRATA_GRAPH_MAX_RANK];
  g2t_dims(g, ind, ind_dims);

  /* "none": the last scattering position along the axis (-1: none);
   * otherwise the updates scattering there, combined */
  MlirAttribute init = replace                      ? mlirIntegerAttrGet(i64, -1)
                       : !strcmp(reduction, "add") ? g2t_zero(t)
                       : !strcmp(reduction, "mul") ? g2t_one(t)
                       : !strcmp(reduction, "max") ? g2t_lowest(t)
                                                   : g2t_highest(t);
  g2t_compute_t c = g2t_compute_begin(
      g, replace ? "scatter_elements_last" : "scatter_elements_combine",
      g2t_tensor(&ds, replace ? i64 : t), dims, 1, &extent, &ind_dims[axis],
      replace ? "max" : reduction, init);
  MlirValue j[STRATA_GRAPH_MAX_RANK];
  MlirValue match = scatter_match(g, &c, data, ind, ind_dims, dims[axis], axis, j);
  MlirValue v = replace ? g2t_cast(&c.in, "arith.index_cast", c.idx[c.rank], i64)
                        : g2t_read(&c, upd, j);
  MlirValue gathered = g2t_compute_end(&c, g2t_select(&c.in, match, v, g2t_const_attr(&c.in, init)));

  c = g2t_compute_begin(g, "scatter_elements", rtype, dims, 0, NULL, NULL, NULL,
                        (MlirAttribute){NULL});
  strata_builder_t *b = &c.in;
  MlirValue old = g2t_read(&c, data, c.idx), a = g2t_read(&c, gathered, c.idx);
  if (!replace) {
    *out = g2t_compute_end(&c, g2t_bin(b, combine_op(reduction, f), old, a));
    return mlirLogicalResultSuccess();
  }
  /* updates[output index with the axis at `last`] if any, else data */
  MlirValue zero = strata_build_index(b, 0);
  MlirValue has = g2t_cmpi(b, G2T_CMPI_SGE, a, g2t_scalar(b, i64, 0));
  MlirValue at[STRATA_GRAPH_MAX_RANK];
  for (intptr_t k = 0; k < c.rank; ++k)
    at[k] = k == axis ? g2t_cast(b, "arith.index_cast", a, g->index) : c.idx[k];
  for (intptr_t k = 0; k < c.rank; ++k)
    at[k] = g2t_select(b, has, at[k], zero);
  *out = g2t_compute_end(&c, g2t_select(b, has, g2t_read(&c, upd, at), old));
  return mlirLogicalResultSuccess();
}
