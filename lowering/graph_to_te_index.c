/* convert-graph-to-te, indexing family: gather and gather_elements
 * (data-dependent reads:
 * the index read from `indices` is sign-extended to index, wrapped when
 * negative as ONNX does (i < 0 ? i + dim : i) and clamped into [0, dim) so
 * that te.read stays in bounds; gather_elements reads data at the output
 * index with the axis' index replaced so) and expand (numpy broadcast of the input to
 * the result type's shape: dims of 1 and missing dims read 0). One
 * te.compute each, without reduce axes. */
#include "lowering/graph_to_te.h"

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
