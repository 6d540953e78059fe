/* convert-graph-to-te, comparison and selection family: equal, greater,
 * less (numpy broadcasting, result i1: arith.cmpf oeq/ogt/olt on floats,
 * cmpi eq/sgt/slt on integers, the scalar kernel strata_string_equal on
 * string handles) and where (condition ? x : y, the three
 * operands broadcast together; arith.select). One te.compute each, without
 * reduce axes, reading every operand at its broadcast index. */
#include "lowering/graph_to_te.h"

#include <string.h>

#include <mlir-c/BuiltinTypes.h>

enum { MAX_OPS = 3 };

/* MLIR's arith.cmpf predicates used here (cmpi's are in graph_to_te.h). */
enum { CMPF_OEQ = 1, CMPF_OGT = 2, CMPF_OLT = 4 };

/* The result dims and per-operand broadcast read indices of an op whose
 * `n` operands broadcast together into its result; builds the compute. */
g2t_compute_t g2t_begin_broadcast(g2t_t *g, int n, MlirValue *vals,
                                  MlirValue reads[][STRATA_GRAPH_MAX_RANK]) {
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  strata_graph_shape_t rs, s[MAX_OPS];
  strata_graph_shape_from_type(rtype, &rs);
  for (int k = 0; k < n; ++k)
    s[k] = g2t_shape(vals[k]);
  /* A dynamic result dim: the max of the operands' dims that are not 1. */
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t o = 0; o < rs.rank; ++o) {
    dims[o] = (MlirValue){NULL};
    if (rs.dims[o] != STRATA_GRAPH_DYN)
      continue;
    for (int k = 0; k < n; ++k) {
      intptr_t i = o - (rs.rank - s[k].rank);
      if (i < 0 || s[k].dims[i] == 1)
        continue;
      MlirValue d = g2t_dim(g, vals[k], i);
      dims[o] = mlirValueIsNull(dims[o]) ? d : g2t_imax(&g->b, dims[o], d);
    }
    if (mlirValueIsNull(dims[o]))
      dims[o] = strata_build_index(&g->b, 1);
  }
  /* Per operand: an output dim equals its dynamic dim when every other
   * operand has 1 or nothing there. */
  int64_t info[MAX_OPS][STRATA_GRAPH_MAX_RANK];
  for (int k = 0; k < n; ++k)
    for (intptr_t o = 0; o < rs.rank; ++o) {
      intptr_t i = o - (rs.rank - s[k].rank);
      bool self_dyn = i >= 0 && s[k].dims[i] == STRATA_GRAPH_DYN, others_unit = true;
      for (int j = 0; j < n; ++j) {
        intptr_t ij = o - (rs.rank - s[j].rank);
        if (j != k && ij >= 0 && s[j].dims[ij] != 1)
          others_unit = false;
      }
      info[k][o] = self_dyn && others_unit ? G2T_SAME_DIM : rs.dims[o];
    }
  g2t_compute_t c = g2t_compute_begin(g, g->op_name, rtype, dims, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  for (int k = 0; k < n; ++k)
    g2t_broadcast_indices(g, &c, vals[k], &s[k], rs.rank, c.idx, info[k], reads[k]);
  return c;
}

MlirLogicalResult g2t_lower_compare(g2t_t *g, MlirValue *out) {
  MlirValue vals[2] = {mlirOperationGetOperand(g->op, 0), mlirOperationGetOperand(g->op, 1)};
  MlirValue reads[2][STRATA_GRAPH_MAX_RANK];
  bool f = mlirTypeIsAFloat(g2t_elem(vals[0]));
  g2t_compute_t c = g2t_begin_broadcast(g, 2, vals, reads);
  MlirValue a = g2t_read(&c, vals[0], reads[0]), b = g2t_read(&c, vals[1], reads[1]), r;
  if (g2t_is_string_compare(g->op))
    r = g2t_string_equal(g, &c.in, a, b);
  else if (!strcmp(g->op_name, "equal"))
    r = f ? g2t_cmpf(&c.in, CMPF_OEQ, a, b) : g2t_cmpi(&c.in, G2T_CMPI_EQ, a, b);
  else if (!strcmp(g->op_name, "greater"))
    r = f ? g2t_cmpf(&c.in, CMPF_OGT, a, b) : g2t_cmpi(&c.in, G2T_CMPI_SGT, a, b);
  else
    r = f ? g2t_cmpf(&c.in, CMPF_OLT, a, b) : g2t_cmpi(&c.in, G2T_CMPI_SLT, a, b);
  *out = g2t_compute_end(&c, r);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_where(g2t_t *g, MlirValue *out) {
  MlirValue vals[3] = {mlirOperationGetOperand(g->op, 0), mlirOperationGetOperand(g->op, 1),
                       mlirOperationGetOperand(g->op, 2)};
  MlirValue reads[3][STRATA_GRAPH_MAX_RANK];
  g2t_compute_t c = g2t_begin_broadcast(g, 3, vals, reads);
  MlirValue cond = g2t_read(&c, vals[0], reads[0]);
  MlirValue x = g2t_read(&c, vals[1], reads[1]), y = g2t_read(&c, vals[2], reads[2]);
  *out = g2t_compute_end(&c, g2t_select(&c.in, cond, x, y));
  return mlirLogicalResultSuccess();
}
